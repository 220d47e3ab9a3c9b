import { PanelUpdateWebhookEndpoint } from '/panel/src/webhooks/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { confirmAction, FieldError, fieldProps, html, useFieldErrors, useState } from '/panel/assets/ui.js';

// The endpoint page's per-endpoint limits and credentials (issue 39): its rate limit (set, changed,
// removed) and its custom headers. A header's value is write-only (sealed, never answered): the page
// lists the names with a masked value, and changes one header at a time with `setHeaders` and
// `removeHeaders`, which keep the others (the page could not send their values back).

/** Runs a change of the endpoint; a refusal goes under the field its param names, or at the top. */
function useChange(endpoint, fields, onChanged) {
  const { errors, show, clear } = useFieldErrors(fields);
  const change = async (input) => {
    try {
      await client.request(PanelUpdateWebhookEndpoint, { id: endpoint.id, input });
      clear();
      clearError();
      onChanged();
      return true;
    } catch (error) {
      if (show(error)) clearError();
      else showError(error);
      return false;
    }
  };
  return { errors, change };
}

/** At most so many deliveries a second to this endpoint; none by default. */
export function RateLimitControl({ endpoint, onChanged }) {
  const { errors, change } = useChange(endpoint, ['rateLimit'], onChanged);
  const [value, setValue] = useState(endpoint.rateLimit === null ? '' : String(endpoint.rateLimit));
  const submit = (event) => {
    event.preventDefault();
    // A fraction or a number out of range is the server's to refuse, with its words.
    void change({ rateLimit: value === '' ? null : Number(value) });
  };
  const remove = async () => {
    if (await change({ rateLimit: null })) setValue('');
  };
  return html`<form id="rate-limit-form" class="inline-form" onSubmit=${submit} novalidate>
    <label for="endpoint-rate-limit">Rate limit (deliveries a second, 1–1,000; empty: none)</label>
    <input name="rateLimit" type="number" min="1" max="1000" step="1" value=${value}
      onInput=${(event) => setValue(event.currentTarget.value)} ...${fieldProps('endpoint-rate-limit', errors.rateLimit)} />
    <${FieldError} id="endpoint-rate-limit" error=${errors.rateLimit} />
    <div class="setting-actions">
      <button type="submit" class="secondary">Save rate limit</button>
      ${endpoint.rateLimit !== null && html`<button type="button" class="secondary" onClick=${remove}>Remove limit</button>`}
    </div>
  </form>`;
}

/** Custom headers: the names (values masked), add or replace one, remove one. */
export function CustomHeadersControl({ endpoint, onChanged }) {
  const { errors, change } = useChange(endpoint, ['setHeaders', 'removeHeaders'], onChanged);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const submit = async (event) => {
    event.preventDefault();
    if (await change({ setHeaders: { [name.trim()]: value } })) {
      setName('');
      setValue('');
    }
  };
  const replace = (headerName) => {
    setName(headerName);
    setValue('');
    document.getElementById('header-value').focus();
  };
  const remove = async (headerName) => {
    const confirmed = await confirmAction({
      title: `Remove the header ${headerName}?`,
      message: `Requests to ${endpoint.url} no longer carry ${headerName}.`,
      confirmLabel: 'Remove header',
    });
    if (confirmed) await change({ removeHeaders: [headerName] });
  };
  return html`<section id="custom-headers" aria-labelledby="custom-headers-title">
    <h3 id="custom-headers-title">Custom headers</h3>
    <p class="muted">Sent with every request to this endpoint (at most 10). Values are kept sealed and never shown again.</p>
    ${endpoint.headerNames.length === 0
      ? html`<p id="no-custom-headers" class="muted">No custom header.</p>`
      : html`<ul class="header-list">
          ${endpoint.headerNames.map(
            (headerName) => html`<li key=${headerName} data-header-name=${headerName}>
              <code class="header-name">${headerName}</code>: <span class="masked" aria-label="value hidden">••••••••</span>
              <span class="header-actions">
                <button type="button" class="secondary" aria-label=${`Replace value of ${headerName}`} onClick=${() => replace(headerName)}>Replace value</button>
                <button type="button" class="secondary" aria-label=${`Remove ${headerName}`} onClick=${() => remove(headerName)}>Remove</button>
              </span>
            </li>`,
          )}
        </ul>`}
    ${errors.removeHeaders && html`<p class="field-error" role="alert">${errors.removeHeaders}</p>`}
    <form id="custom-header-form" class="inline-form" onSubmit=${submit} novalidate>
      <label for="header-name">Header name</label>
      <input name="headerName" autocomplete="off" maxlength="100" value=${name} onInput=${(event) => setName(event.currentTarget.value)}
        ...${fieldProps('header-name', errors.setHeaders)} />
      <${FieldError} id="header-name" error=${errors.setHeaders} />
      <label for="header-value">Header value</label>
      <input name="headerValue" type="password" autocomplete="off" maxlength="1000" value=${value} onInput=${(event) => setValue(event.currentTarget.value)} id="header-value" />
      <button type="submit" class="secondary">Add or replace header</button>
    </form>
  </section>`;
}
