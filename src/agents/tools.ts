// The MCP tools (docs/agents.md): each one is a REST route, named by its operationId. Its input
// schema is the route's own zod schema as the route declared it (its body or query, from the
// gateway's route list), with the route's path parameters beside; a call is that route's request,
// made with the caller's API key, so scopes, validation, errors, idempotency, tenant isolation and
// the request log are the route's. Nothing here restates a field.
import { z } from 'zod';
import { jsonSchema, type RouteDoc } from '../core/openapi.ts';

interface ToolSpec {
  name: string;
  title: string;
  description: string;
  operationId: string;
  /** true: it changes nothing (MCP's readOnlyHint). */
  readOnly: boolean;
}

const specs: readonly ToolSpec[] = [
  { name: 'send_sms', title: 'Send an SMS', operationId: 'sendSms', readOnly: false, description: "Send an SMS through the account's paired Android phones (scope sms.send). Answers the request_id to follow it with get_message." },
  { name: 'send_otp', title: 'Send a one-time code', operationId: 'sendOtp', readOnly: false, description: 'Text a one-time code to a number (scope otp.send). Answers the otp id that verify_otp checks a code against.' },
  { name: 'verify_otp', title: 'Verify a one-time code', operationId: 'verifyOtp', readOnly: false, description: 'Check the code a person typed against an OTP sent with send_otp (scope otp.verify).' },
  { name: 'get_message', title: 'Read a message', operationId: 'getMessageStatus', readOnly: true, description: "An SMS's status by request_id: delivered, failed (and why), waiting (and for what), its phone and attempts (scope messages.read)." },
  {
    name: 'get_conversation',
    title: 'Read a conversation',
    operationId: 'listMessages',
    readOnly: true,
    description: 'Messages to and from one number, newest first: pass counterparty (E.164), and limit (scope messages.read). Also lists all messages with other filters.',
  },
  {
    name: 'create_payment_intent',
    title: 'Create a payment intent',
    operationId: 'createPaymentIntent',
    readOnly: false,
    description: 'Create a payment (a sandbox payment intent) for an amount in minor units and a currency; answers it with its checkout_url, the page to send the payer to (scope payments.write).',
  },
  { name: 'get_payment_intent', title: 'Read a payment intent', operationId: 'getPaymentIntent', readOnly: true, description: "A payment intent by id (pi_…): status, amount, amount refunded, checkout_url (scope payments.read)." },
  { name: 'refund_payment', title: 'Refund a payment', operationId: 'createRefund', readOnly: false, description: 'Refund a succeeded payment intent, whole or an amount of it (scope payments.write).' },
  { name: 'list_events', title: 'List recent events', operationId: 'listEvents', readOnly: true, description: "The account's recent events (message.delivered, payment_intent.succeeded, …), newest first, filtered by type or object id (scope webhooks.manage)." },
];

/** A tool as the gateway serves and runs it. */
export interface AgentTool {
  name: string;
  title: string;
  description: string;
  readOnly: boolean;
  method: RouteDoc['method'];
  /** Hono path syntax (`/api/v1/payment-intents/:id`): its parameters are tool arguments. */
  path: string;
  pathParams: string[];
  /** Where the other arguments go: the JSON body or the query string. */
  argumentsIn: 'body' | 'query' | 'none';
  /** JSON Schema of the arguments (MCP's `inputSchema`). */
  inputSchema: { type: 'object'; [key: string]: unknown };
}

/** A path parameter: an id as the route reads it (its service answers not_found for an unknown or another account's). */
const pathParam = z.string().min(1).max(255).describe('The id.');

/** The tools, from the gateway's route list (`ctx.routeDocs`, complete once every module registered its routes). */
export function agentTools(routeDocs: readonly RouteDoc[]): AgentTool[] {
  return specs.map((spec) => {
    const doc = routeDocs.find((candidate) => candidate.operationId === spec.operationId && !candidate.alias);
    if (!doc) throw new Error(`MCP tool ${spec.name}: no route ${spec.operationId}`);
    const pathParams = [...doc.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const routeInput = doc.body ?? doc.query;
    const schema = jsonSchema(routeInput ?? z.object({})) as { type?: string; properties?: Record<string, unknown>; required?: string[] };
    const paramsSchema = jsonSchema(z.object(Object.fromEntries(pathParams.map((name) => [name, pathParam])))) as typeof schema;
    return {
      name: spec.name,
      title: spec.title,
      description: `${spec.description} REST: ${doc.method.toUpperCase()} ${doc.path}.`,
      readOnly: spec.readOnly,
      method: doc.method,
      path: doc.path,
      pathParams,
      argumentsIn: doc.body ? 'body' : doc.query ? 'query' : 'none',
      inputSchema: {
        ...schema,
        type: 'object',
        properties: { ...paramsSchema.properties, ...schema.properties },
        ...(pathParams.length > 0 || schema.required ? { required: [...pathParams, ...(schema.required ?? [])] } : {}),
      },
    };
  });
}
