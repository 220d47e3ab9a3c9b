// Shared browser code of the merchant panel: the typed SDK client (src/sdk, served type-stripped)
// with the session's CSRF token, and DOM building without innerHTML (what users typed stays text).
import { createYarrowClient } from '/panel/sdk/client.ts';

const csrfToken = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
export const client = createYarrowClient({ csrfToken });

/** Subscribes over SSE; returns a function that stops it. */
export function live(document, variables, onData) {
  const subscription = client.subscribe(document, variables, { next: onData, error: showError });
  return () => subscription.close();
}

/**
 * A refresh function for live pages: bursts of events (a list send, a retry storm) become one
 * reload per `delayMs`, not one per event.
 */
export function coalesced(load, delayMs = 100) {
  let pending = null;
  return () => {
    if (pending !== null) return;
    pending = setTimeout(() => {
      pending = null;
      load().catch(showError);
    }, delayMs);
  };
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
