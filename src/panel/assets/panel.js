// Shared browser code of the merchant panel: GraphQL over fetch with the session cookie and its
// CSRF token, live subscriptions over SSE, and DOM building without innerHTML (text stays text).

const csrfToken = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';

export async function gql(query, variables = {}) {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify({ query, variables }),
  });
  const result = await response.json();
  if (result.errors?.length) throw new Error(result.errors.map((error) => error.message).join('; '));
  return result.data;
}

/** Runs a subscription over SSE; calls onData for each result; returns a function that stops it. */
export function live(query, variables, onData) {
  const controller = new AbortController();
  (async () => {
    const response = await fetch('/graphql', {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-csrf-token': csrfToken },
      body: JSON.stringify({ query, variables }),
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        if (data) {
          const result = JSON.parse(data);
          if (result.data) onData(result.data);
        }
      }
    }
  })().catch((error) => {
    if (error.name !== 'AbortError') showError(error);
  });
  return () => controller.abort();
}

/** el('td', { class: 'x' }, 'text', child…): attributes set one by one, strings become text nodes. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value == null) continue;
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function when(iso) {
  return iso ? new Date(iso).toLocaleString() : '—';
}

export function showError(error) {
  let box = document.getElementById('panel-error');
  if (!box) {
    box = el('p', { id: 'panel-error', class: 'error', role: 'alert' });
    document.getElementById('main').prepend(box);
  }
  box.textContent = error.message ?? String(error);
}

export function clearError() {
  document.getElementById('panel-error')?.remove();
}
