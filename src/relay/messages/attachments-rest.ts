// A received MMS's parts over REST: each part's bytes as a download. What a phone received is
// whatever its sender made it (an `image/svg+xml` with script, `text/html`), so it is never served
// to be rendered on our origin: `Content-Disposition: attachment`, `nosniff`, and a CSP that
// sandboxes it and allows nothing even if a browser shows it.
import { z } from 'zod';
import { YarrowError, parseInput } from '../../core/errors.ts';
import type { GatewayContext } from '../../core/gateway-context.ts';
import type { Context } from 'hono';
import { defineRoute, type Credential } from '../../core/route.ts';
import { getAttachment } from './attachments.ts';

/** The CSP of a served part: no scripts, no loads, a unique origin. */
export const ATTACHMENT_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

const attachmentParams = z.object({ id: z.string().trim().min(1).max(64), attachment_id: z.string().trim().min(1).max(64) });

/** The panel's session (the panel's `requireSession` sets it on every /panel path before this route). */
const panelSession: Credential<{ accountId: number }> = {
  documentedAs: 'session',
  authenticate: async (c) => {
    const session = (c as unknown as Context<{ Variables: { session?: { accountId: number } } }>).get('session');
    if (!session) throw new YarrowError('unauthorized', 'Sign in to the panel first.');
    return session;
  },
};

/** A part's bytes as a download, under the headers that keep a browser from running it. */
function servePart(c: Context, part: Awaited<ReturnType<typeof getAttachment>>) {
  if (!part.data) throw new YarrowError('not_found', "Only this part's metadata was kept (data_omitted): its bytes are not stored.", { param: 'attachment_id' });
  const filename = (part.name ?? part.id).replace(/[^\w.-]+/g, '_').slice(0, 100) || part.id;
  c.header('Content-Type', part.contentType);
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', ATTACHMENT_CSP);
  c.header('Cache-Control', 'private, no-store');
  return c.body(part.data);
}

/** The panel's conversation shows a received picture through this (an <img> ignores the download disposition). */
export function registerPanelAttachmentRoute(ctx: GatewayContext) {
  const { rt } = ctx;
  // The panel's conversation shows a received picture through this (an <img> ignores the download disposition).
  defineRoute(ctx, {
    method: 'get',
    path: '/panel/messages/:id/attachments/:attachment_id',
    tag: 'Panel',
    openapi: false,
    summary: "A part of a received MMS for the panel's session (the API's download, same headers)",
    produces: 'bytes',
    auth: panelSession,
    responses: { 200: 'The bytes.' },
    handler: async (c, { auth: session }) => {
      const { id, attachment_id } = parseInput(attachmentParams, { id: c.req.param('id'), attachment_id: c.req.param('attachment_id') });
      return servePart(c, await getAttachment(rt.db.prisma, session.accountId, id, attachment_id));
    },
  });
}

export function registerAttachmentRoutes(ctx: GatewayContext) {
  const { rt } = ctx;
  defineRoute(ctx, {
    method: 'get',
    path: '/api/v1/messages/:id/attachments/:attachment_id',
    alias: true,
    tag: 'Relay',
    summary:
      "A part of a received MMS (a message's `attachments`): its bytes with their content type, as a download (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`, a sandboxing CSP). Another account's is not found.",
    operationId: 'getMessageAttachment',
    produces: 'bytes',
    errorCodes: ['not_found'],
    auth: 'messages.read',
    responses: { 200: 'The bytes, as the phone received them.' },
    handler: async (c) => {
      const { id, attachment_id } = parseInput(attachmentParams, { id: c.req.param('id'), attachment_id: c.req.param('attachment_id') });
      return servePart(c, await getAttachment(rt.db.prisma, c.get('principal').accountId, id, attachment_id));
    },
  });
}
