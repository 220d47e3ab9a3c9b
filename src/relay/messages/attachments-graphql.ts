// A received MMS's parts in GraphQL (`Message.attachments`, src/relay/graphql.ts): metadata only.
import { builder } from '../../graphql/builder.ts';
import type { attachmentJson } from './attachments.ts';

export const MessageAttachmentType = builder.objectRef<ReturnType<typeof attachmentJson>>('MessageAttachment').implement({
  description: 'A part of a received MMS: an image, a sound, a contact card. Its bytes are served by GET /api/v1/messages/{id}/attachments/{attachment_id} (a download, never rendered).',
  fields: (t) => ({
    id: t.exposeID('id'),
    contentType: t.exposeString('content_type', { description: 'As the phone gave it, e.g. image/jpeg.' }),
    name: t.exposeString('name', { nullable: true }),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    dataOmitted: t.boolean({
      description: 'Only its metadata was kept: past 20 parts or 5 MiB a message, or unreadable on the phone.',
      resolve: (part) => part.data_omitted === true,
    }),
  }),
});
