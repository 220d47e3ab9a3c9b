// Starts GraphiQL (the Yoga build served from @graphql-yoga/render-graphiql, see src/graphql/graphiql.ts).
// A file rather than the package's inline script, so the page runs under a CSP without 'unsafe-inline'.
const root = document.getElementById('root');
const workers = {
  editorWorkerService: '/graphql/assets/editor.worker.js',
  json: '/graphql/assets/json.worker.js',
  graphql: '/graphql/assets/graphql.worker.js',
};
self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_moduleId, label) => workers[label] };
YogaGraphiQL.renderYogaGraphiQL(root, JSON.parse(root.dataset.options));
