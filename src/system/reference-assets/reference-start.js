// Starts Redoc (its standalone bundle, served from node_modules: src/system/reference-page.ts) on the
// OpenAPI document the page carries. A file rather than an inline script: the page's CSP allows none.
const element = document.getElementById('reference');
Redoc.init(
  JSON.parse(element.dataset.spec),
  {
    // Search runs in a blob: worker, which the CSP does not allow.
    disableSearch: true,
    hideDownloadButton: true,
    expandResponses: '200,201',
  },
  element,
);
