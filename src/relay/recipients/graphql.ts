import { z } from 'zod';
import { builder } from '../../graphql/builder.ts';
import { parseInput } from '../../core/errors.ts';
import { connectionRows } from '../../core/pagination.ts';
import { serviceInput, withGraphqlParams } from '../../graphql/input.ts';
import { recipientListsWhere } from '../lists.ts';
import { displayNumber } from '../sms.ts';
import { sendOptionFields } from '../messages/index.ts';
import { recipientIdsMatching } from './sql.ts';
import { SKIPPED_LINES_LISTED } from './recipients-import.ts';
import {
  addToList,
  createList,
  createRecipient,
  deleteList,
  deleteRecipient,
  getList,
  getRecipient,
  importRecipients,
  listInput,
  listUpdate,
  membersInput,
  PREVIEW_SIZE,
  previewList,
  listSendText,
  oneText,
  queueList,
  listIdInput,
  recipientInput,
  recipientUpdate,
  removeFromList,
  updateList,
  updateRecipient,
  type ImportResult,
  type ListPreview,
  type QueuedBatch,
} from './recipients.ts';

const TEMPLATE_HELP =
  'Instead of message: a text per member with {{name}}, {{phone}}, {{tags}} and any column of its CSV ({{first_name}}); {{first_name|there}} gives a default. A member without a value and no default refuses the send, nothing queued.';

builder.prismaObject('Recipient', {
  description: 'Someone the account sends SMS to.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    phone: t.exposeString('phone', { description: 'E.164.' }),
    phoneDisplay: t.string({ description: 'The number in international format, for people.', resolve: (recipient) => displayNumber(recipient.phone) }),
    tags: t.exposeStringList('tags'),
    fields: t.field({
      type: 'JSONObject',
      description: 'The other columns of the CSV it was imported from (`first_name`, …), each a non-empty string: a list send\'s template reads them (`{{first_name}}`).',
      resolve: (recipient) => recipient.fields as Record<string, string>,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.prismaObject('RecipientListMember', {
  fields: (t) => ({
    recipient: t.relation('recipient'),
    addedAt: t.expose('addedAt', { type: 'DateTime' }),
  }),
});

builder.prismaObject('RecipientList', {
  description: 'A named group of recipients; POST /api/v1/recipient-lists/queue sends to all of them.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    memberCount: t.int({ resolve: (list, _args, ctx) => ctx.rt.db.prisma.recipientListMember.count({ where: { listId: list.id } }) }),
    members: t.relatedConnection('members', {
      cursor: 'listId_recipientId',
      query: () => ({ orderBy: [{ addedAt: 'desc' }, { recipientId: 'desc' }] }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const RecipientInput = builder.inputType('RecipientInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    phone: t.string({ required: true, description: 'International format; stored as E.164.' }),
    tags: t.stringList(),
  }),
});

const RecipientUpdateInput = builder.inputType('RecipientUpdateInput', {
  fields: (t) => ({ name: t.string(), phone: t.string(), tags: t.stringList() }),
});

const RecipientListInput = builder.inputType('RecipientListInput', {
  fields: (t) => ({ name: t.string({ required: true }), description: t.string() }),
});

const RecipientListUpdateInput = builder.inputType('RecipientListUpdateInput', {
  fields: (t) => ({ name: t.string(), description: t.string() }),
});

const ImportSkip = builder.objectRef<ImportResult['skipped'][number]>('RecipientImportSkip').implement({
  fields: (t) => ({ line: t.exposeInt('line'), reason: t.exposeString('reason') }),
});

const ImportOutcome = builder.objectRef<ImportResult>('RecipientImport').implement({
  fields: (t) => ({
    created: t.exposeInt('created'),
    skipped: t.field({
      type: [ImportSkip],
      description: `The first ${SKIPPED_LINES_LISTED} lines skipped (bad, duplicate, or past the account's recipient limit), in line order; skippedCount counts them all.`,
      resolve: (result) => result.skipped,
    }),
    skippedCount: t.exposeInt('skippedCount', { description: 'How many lines were skipped, listed in skipped or not.' }),
  }),
});

/** `QueueRecipientListInput` as GraphQL names it, checked by the rules REST's body takes. */
const queueListArgs = z.strictObject({ listId: listIdInput, ...sendOptionFields, ...listSendText }).superRefine(oneText);

/** `RecipientListPreviewInput` as GraphQL names it. */
const previewListArgs = z.strictObject({ listId: listIdInput, ...listSendText }).superRefine(oneText);

const QueueRecipientListInput = builder.inputType('QueueRecipientListInput', {
  fields: (t) => ({
    listId: t.id({ required: true }),
    message: t.string({ description: 'One text for every member; or give template.' }),
    template: t.string({ description: TEMPLATE_HELP }),
    deviceId: t.id({ description: 'Send every message through this device (manual routing).' }),
    ttlSeconds: t.int({ description: 'How long each message may wait for a phone.' }),
    reference: t.string(),
    simNumber: t.int({ description: 'The SIM to send from, 1-based: it must be a SIM of deviceId, or of every device the router may pick.' }),
    priority: t.int({ description: '−128..127, default 0: higher goes first; 100 and above is not held back by the phone\'s per-minute budget.' }),
    sendAt: t.field({ type: 'DateTime', description: 'When to send them, up to 30 days ahead: until then each is SCHEDULED (cancelMessage cancels it). Their TTL counts from then.' }),
  }),
});

const RecipientListPreviewInput = builder.inputType('RecipientListPreviewInput', {
  fields: (t) => ({ listId: t.id({ required: true }), message: t.string(), template: t.string({ description: TEMPLATE_HELP }) }),
});

const PreviewItem = builder.objectRef<ListPreview['items'][number]>('RecipientListPreviewItem').implement({
  description: 'One text a list send would queue, as its member would get it.',
  fields: (t) => ({
    recipientId: t.exposeID('recipient_id'),
    to: t.exposeString('to'),
    text: t.exposeString('text'),
    segments: t.exposeInt('segments'),
    encoding: t.exposeString('encoding', { description: '`gsm7` or `ucs2`.' }),
  }),
});

const Preview = builder.objectRef<ListPreview>('RecipientListPreview').implement({
  description: 'What a list send would text now, without sending (as POST /api/v1/recipient-lists/preview).',
  fields: (t) => ({
    queued: t.exposeInt('queued', { description: 'Messages it would queue: one per distinct number, opted-out numbers left out.' }),
    segments: t.exposeInt('segments', { description: 'Their parts together: what the send would cost.' }),
    items: t.field({ type: [PreviewItem], description: `The first ${PREVIEW_SIZE}, in list order.`, resolve: (preview) => preview.items }),
  }),
});

const ListSendSkip = builder.objectRef<QueuedBatch['skipped'][number]>('RecipientListSendSkip').implement({
  fields: (t) => ({ recipientId: t.exposeID('recipient_id'), to: t.exposeString('to'), reason: t.exposeString('reason') }),
});

const ListSendItem = builder.objectRef<QueuedBatch['items'][number]>('RecipientListSendItem').implement({
  description: 'One queued SMS of a list send.',
  fields: (t) => ({
    to: t.exposeString('to'),
    requestId: t.exposeID('request_id'),
    segments: t.exposeInt('segments', { description: 'SMS parts its text takes (GSM-7 160, then 153 a part; UCS-2 70, then 67).' }),
    encoding: t.exposeString('encoding', { description: '`gsm7` or `ucs2`, as Message.encoding.' }),
  }),
});

const ListSend = builder.objectRef<QueuedBatch>('RecipientListSend').implement({
  description: 'A list send: each distinct number became its own SMS with its own request id.',
  fields: (t) => ({
    batchId: t.exposeID('batchId'),
    queued: t.exposeInt('queued'),
    segments: t.exposeInt('segments', { description: 'The parts of every queued SMS together: what the send costs.' }),
    items: t.field({
      type: [ListSendItem],
      description: 'Each queued SMS, in list order, with its request id; messages(batchId:) pages through them with their status.',
      resolve: (batch) => batch.items,
    }),
    skipped: t.field({ type: [ListSendSkip], resolve: (batch) => batch.skipped }),
  }),
});

builder.queryFields((t) => ({
  recipients: t.prismaConnection({
    type: 'Recipient',
    cursor: 'id',
    description: 'Newest first; `search` matches the name (a substring, ignoring case and accents) or the digits of the number.',
    authScopes: { scope: 'recipients.read' },
    args: { search: t.arg.string() },
    resolve: async (query, _root, { search, before }, ctx) => {
      const accountId = ctx.principal!.accountId;
      const matching = search ? await recipientIdsMatching(ctx.rt.db.prisma, accountId, search.trim()) : undefined;
      return connectionRows(ctx.rt.db.prisma.recipient, query, { accountId, ...(matching ? { id: { in: matching } } : {}) }, { before });
    },
  }),
  recipient: t.prismaField({
    type: 'Recipient',
    authScopes: { scope: 'recipients.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getRecipient(ctx.rt.db.prisma, ctx.principal!.accountId, String(id)),
  }),
  recipientLists: t.prismaConnection({
    type: 'RecipientList',
    cursor: 'id',
    authScopes: { scope: 'recipients.read' },
    resolve: async (query, _root, { before }, ctx) => {
      return connectionRows(ctx.rt.db.prisma.recipientList, query, recipientListsWhere(ctx.principal!.accountId), { before });
    },
  }),
  recipientListSendPreview: t.field({
    type: Preview,
    description: 'What a list send of this message or template would text, without sending; refused as the send would be (a member without a value).',
    authScopes: { scope: 'recipients.read' },
    args: { input: t.arg({ type: RecipientListPreviewInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      withGraphqlParams('input.', () => {
        const { listId, message, template } = parseInput(previewListArgs, serviceInput(input));
        return previewList(ctx.rt.db.prisma, ctx.principal!.accountId, { listId, text: message, template });
      }),
  }),
  recipientList: t.prismaField({
    type: 'RecipientList',
    authScopes: { scope: 'recipients.read' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => getList(ctx.rt.db.prisma, ctx.principal!.accountId, String(id)),
  }),
}));

builder.mutationFields((t) => ({
  createRecipient: t.prismaField({
    type: 'Recipient',
    authScopes: { scope: 'recipients.write' },
    args: { input: t.arg({ type: RecipientInput, required: true, validate: recipientInput }) },
    resolve: (_query, _root, { input }, ctx) => withGraphqlParams('input.', () => createRecipient(ctx.rt, ctx.rt.db.prisma, ctx.principal!.accountId, parseInput(recipientInput, input))),
  }),
  updateRecipient: t.prismaField({
    type: 'Recipient',
    authScopes: { scope: 'recipients.write' },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: RecipientUpdateInput, required: true, validate: recipientUpdate }) },
    resolve: (_query, _root, { id, input }, ctx) => withGraphqlParams('input.', () => updateRecipient(ctx.rt.db.prisma, ctx.principal!.accountId, String(id), parseInput(recipientUpdate, input))),
  }),
  deleteRecipient: t.prismaField({
    type: 'Recipient',
    authScopes: { scope: 'recipients.write' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => deleteRecipient(ctx.rt.db.prisma, ctx.principal!.accountId, String(id)),
  }),
  importRecipients: t.field({
    type: ImportOutcome,
    description: 'CSV with a header row: name, phone (or number), optional tags (";"-separated). Optionally adds every row to a list.',
    authScopes: { scope: 'recipients.write' },
    args: { csv: t.arg.string({ required: true }), listId: t.arg.id() },
    resolve: (_root, { csv, listId }, ctx) =>
      importRecipients(ctx.rt, ctx.rt.db.prisma, ctx.principal!.accountId, csv, listId ? String(listId) : undefined),
  }),
  createRecipientList: t.prismaField({
    type: 'RecipientList',
    authScopes: { scope: 'recipients.write' },
    args: { input: t.arg({ type: RecipientListInput, required: true, validate: listInput }) },
    resolve: (_query, _root, { input }, ctx) => withGraphqlParams('input.', () => createList(ctx.rt.db.prisma, ctx.principal!.accountId, parseInput(listInput, input))),
  }),
  updateRecipientList: t.prismaField({
    type: 'RecipientList',
    authScopes: { scope: 'recipients.write' },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: RecipientListUpdateInput, required: true, validate: listUpdate }) },
    resolve: (_query, _root, { id, input }, ctx) => withGraphqlParams('input.', () => updateList(ctx.rt.db.prisma, ctx.principal!.accountId, String(id), parseInput(listUpdate, input))),
  }),
  deleteRecipientList: t.prismaField({
    type: 'RecipientList',
    authScopes: { scope: 'recipients.write' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, ctx) => deleteList(ctx.rt.db.prisma, ctx.principal!.accountId, String(id)),
  }),
  queueRecipientList: t.field({
    type: ListSend,
    description: 'Send a text (message, or a template rendered per member) to every distinct number of a list (as POST /api/v1/recipient-lists/queue).',
    authScopes: { scope: 'sms.send' },
    args: { input: t.arg({ type: QueueRecipientListInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      withGraphqlParams('input.', () =>
        ctx.rt.db.prisma.$transaction((tx) => {
          const { listId, message, template, sendAt, ...options } = parseInput(queueListArgs, serviceInput({ ...input, sendAt: input.sendAt?.toISOString() }));
          return queueList(ctx.rt, tx, ctx.principal!.accountId, { listId, text: message, template, options: { ...options, sendAt: sendAt === undefined ? undefined : new Date(sendAt) } });
        }),
      ),
  }),
  addRecipientsToList: t.prismaField({
    type: 'RecipientList',
    authScopes: { scope: 'recipients.write' },
    args: { listId: t.arg.id({ required: true }), recipientIds: t.arg.idList({ required: true }) },
    resolve: (_query, _root, { listId, recipientIds }, ctx) =>
      addToList(ctx.rt.db.prisma, ctx.principal!.accountId, String(listId), parseInput(membersInput, recipientIds.map(String), 'recipientIds')),
  }),
  removeRecipientsFromList: t.prismaField({
    type: 'RecipientList',
    authScopes: { scope: 'recipients.write' },
    args: { listId: t.arg.id({ required: true }), recipientIds: t.arg.idList({ required: true }) },
    resolve: (_query, _root, { listId, recipientIds }, ctx) =>
      removeFromList(ctx.rt.db.prisma, ctx.principal!.accountId, String(listId), parseInput(membersInput, recipientIds.map(String), 'recipientIds')),
  }),
}));
