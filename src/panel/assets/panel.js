// Shared browser code of the merchant panel: the typed SDK client (packages/sdk, served type-stripped)
// with the session's CSRF token, live updates over one WebSocket, and DOM building without
// innerHTML (what users typed stays text). New pages build on ui.js (Preact + htm) instead of el().
import { createYarrowClient } from '/panel/sdk/client.ts';
import { formatDateTime } from '/panel/sdk/format.ts';

const csrfToken = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
const sdk = createYarrowClient({ csrfToken });

/** The session ended (signed out in another tab, expired): the page goes to sign-in, not to an error. */
function sessionEnded(error) {
  if (error?.code !== 'unauthorized') return false;
  // Once: the live socket and a request may both notice, and a second navigation would abort the first.
  if (leaving) return true;
  leaving = true;
  socket?.close(1000, 'session ended');
  location.assign('/panel/sign-in');
  return true;
}

export const client = {
  async request(document, variables) {
    try {
      return await sdk.request(document, variables);
    } catch (error) {
      sessionEnded(error);
      throw error;
    }
  },
};

// Live updates: graphql-ws (`graphql-transport-ws`) on one socket per page. A WebSocket closed by
// leaving the page is a closed connection, not a failed request (SSE streams show as failed).
let leaving = false;
let socket = null;
let acknowledged = false;
let nextId = 1;
let retries = 0;
const subscriptions = new Map();

function send(message) {
  socket.send(JSON.stringify(message));
}

function subscribeOnSocket(id) {
  const { document, variables, subscribed } = subscriptions.get(id);
  send({ id, type: 'subscribe', payload: { query: String(document), variables } });
  // What changed before the subscription was live (since the page's first read, or while the
  // socket reconnected) sent no event: the caller re-reads.
  subscribed?.();
}

function connect() {
  acknowledged = false;
  socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`, 'graphql-transport-ws');
  socket.addEventListener('open', () => send({ type: 'connection_init', payload: { csrfToken } }));
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    const subscription = subscriptions.get(message.id);
    if (message.type === 'connection_ack') {
      acknowledged = true;
      retries = 0;
      for (const id of subscriptions.keys()) subscribeOnSocket(id);
    } else if (message.type === 'ping') {
      send({ type: 'pong' });
    } else if (message.type === 'next' && subscription) {
      if (message.payload.errors?.length) subscription.error(asError(message.payload.errors));
      else subscription.next(message.payload.data);
    } else if (message.type === 'error' && subscription) {
      subscription.error(asError(message.payload));
    }
  });
  socket.addEventListener('close', (event) => {
    if (leaving) return;
    if (event.code === 4401 || event.code === 4403) return sessionEnded({ code: 'unauthorized' });
    // The gateway restarted or the network dropped: reconnect (and resubscribe) with a backoff.
    retries += 1;
    setTimeout(connect, Math.min(500 * 2 ** retries, 15_000));
  });
}

function asError(errors) {
  const error = new Error(errors.map((entry) => entry.message).join('; '));
  error.code = errors[0]?.extensions?.code;
  error.param = errors[0]?.extensions?.param;
  return error;
}

function reportLiveError(error) {
  if (!sessionEnded(error)) showError(error);
}

// Leaving the page closes the socket first, cleanly.
addEventListener('pagehide', () => {
  leaving = true;
  socket?.close(1000, 'page left');
});

/**
 * Subscribes to a live operation; returns a function that stops it. `onSubscribed` runs each time
 * the subscription is (re)sent, so a page can re-read what no event told it about.
 */
export function live(document, variables, onData, onSubscribed) {
  const id = String(nextId++);
  subscriptions.set(id, { document, variables, next: onData, error: reportLiveError, subscribed: onSubscribed });
  if (!socket) connect();
  else if (acknowledged) subscribeOnSocket(id);
  return () => {
    subscriptions.delete(id);
    if (acknowledged) send({ id, type: 'complete' });
  };
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

/** A timestamp in the viewer's locale (one format everywhere: packages/sdk/format.ts). */
export function when(iso) {
  return formatDateTime(iso);
}

export function showError(error) {
  if (leaving) return;
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

/** Stacked table rows (phone width) show each cell's column name: copies the header labels onto the cells. */
export function labelCells(table) {
  const labels = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim());
  for (const row of table.querySelectorAll('tbody tr')) {
    [...row.children].forEach((cell, index) => {
      if (!cell.hasAttribute('data-label')) cell.setAttribute('data-label', labels[index] ?? '');
    });
  }
}

// Every table of the older pages keeps its labels as rows come and go.
for (const table of document.querySelectorAll('main table')) {
  labelCells(table);
  new MutationObserver(() => labelCells(table)).observe(table, { childList: true, subtree: true });
}
