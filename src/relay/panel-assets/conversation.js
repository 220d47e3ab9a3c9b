// A message page's conversation (issue 31): the messages to and from its number, both ways, as a
// thread, oldest at the top and newest at the bottom. Read through the Messages list's own query
// (GraphQL `messages(counterparty:)`, src/relay/lists.ts `messagesWhere`), capped at the last
// CONVERSATION_SIZE; the full list is the Messages page filtered to that number. Text is rendered
// as text (htm escapes it), never as HTML.
import { PanelMessageUpdates } from '/panel/src/relay/panel/panel-operations.ts';
import { PanelConversation } from '/panel/src/relay/messages/panel-operations.ts';
import { client, showError } from '/panel/assets/panel.js';
import { html, useEffect, useState } from '/panel/assets/ui.js';
import { formatDateTime } from '/panel/sdk/format.ts';
import { StageBadge, useLiveLoad } from './ui-relay.js';

const CONVERSATION_SIZE = 50;

/**
 * Pictures a browser shows inline without running anything: raster images only. An SVG (it can
 * hold script), HTML and everything else is a download link, never rendered.
 */
const INLINE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** A received MMS's parts: pictures inline through the panel's download route, the others as links. */
function Attachments({ requestId, parts }) {
  if (!parts?.length) return null;
  return html`<ul class="attachments">
    ${parts.map((part) => {
      const href = `/panel/messages/${encodeURIComponent(requestId)}/attachments/${encodeURIComponent(part.id)}`;
      const label = `${part.name ?? part.contentType} (${part.contentType}, ${formatBytes(part.size)})`;
      if (part.dataOmitted) return html`<li data-attachment-id=${part.id}>${label}: too large, not kept</li>`;
      return html`<li data-attachment-id=${part.id}>
        ${INLINE_IMAGES.has(part.contentType) ? html`<img src=${href} alt=${part.name ?? 'A picture'} loading="lazy" />` : null}
        <a href=${href} download>${label}</a>
      </li>`;
    })}
  </ul>`;
}

const formatBytes = (bytes) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} kB` : `${bytes} bytes`);

/** The conversation with `number` (outbound `to`, inbound `from`), `current` marked. */
export function Conversation({ number, label, current }) {
  const [thread, setThread] = useState(null);
  const load = async () => {
    try {
      setThread((await client.request(PanelConversation, { counterparty: number, first: CONVERSATION_SIZE })).messages);
    } catch (error) {
      showError(error);
    }
  };
  useEffect(() => {
    void load();
  }, [number]);
  useLiveLoad(load, [[PanelMessageUpdates]]);

  const fullList = `/panel/messages?${new URLSearchParams({ counterparty: number })}`;
  // The list is newest first; a thread reads oldest first.
  const nodes = thread ? thread.edges.map((edge) => edge.node).reverse() : [];
  return html`<section aria-labelledby="conversation-heading" class="card wide">
    <h2 id="conversation-heading">Conversation with ${label}</h2>
    ${thread === null
      ? html`<p class="muted" aria-busy="true">Loading…</p>`
      : html`
          ${thread.pageInfo.hasNextPage
            ? html`<p class="muted">The last ${CONVERSATION_SIZE} messages. <a id="conversation-all" href=${fullList}>All messages with ${label}</a></p>`
            : null}
          <ol id="conversation" class="thread">
            ${nodes.map((node) => {
              const inbound = node.direction === 'INBOUND';
              return html`<li key=${node.requestId} data-request-id=${node.requestId} data-direction=${node.direction}
                  class=${`${inbound ? 'inbound' : 'outbound'}${node.requestId === current ? ' current' : ''}`}
                  aria-current=${node.requestId === current ? 'true' : undefined}>
                <div class="muted">
                  ${inbound ? `${label} wrote` : 'You sent'}${' '}
                  <a href=${`/panel/messages/${encodeURIComponent(node.requestId)}`}>${formatDateTime(inbound ? node.receivedAt : node.queuedAt)}</a>
                  ${inbound ? null : html` <${StageBadge} stage=${node.stage} />`}
                </div>
                ${node.body ? html`<p class="text">${node.body}</p>` : null}
                <${Attachments} requestId=${node.requestId} parts=${node.attachments} />
              </li>`;
            })}
          </ol>`}
  </section>`;
}
