// Agents over MCP (issue 40): the official MCP client (@modelcontextprotocol/sdk's Client and
// StreamableHTTPClientTransport) against the gateway's /mcp, with an API key: it lists the tools,
// sends an SMS that a simulated phone receives, reads it back; a key without a tool's scope gets the
// route's refusal as the tool's error; another account's id is not found; no key, no MCP.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { pairingCode, relayTestEnv, startDevice, type DeviceProcess } from '../relay/helpers.ts';

let app: TestApp;
const devices: DeviceProcess[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  app = await startTestApp({ env: relayTestEnv });
  await app.startWorkers(['sms-routing', 'device-presence']);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all(devices.map((device) => device.kill()));
  await app?.stop();
});

async function mcpClient(key: string) {
  const client = new Client({ name: 'yarrow-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}

type ToolAnswer = { isError?: boolean; content: Array<{ type: string; text: string }> };
const json = (answer: unknown) => JSON.parse((answer as ToolAnswer).content[0]!.text);

describe('the MCP server at /mcp', () => {
  it('lists the tools with their routes’ schemas, and sends an SMS a simulated phone receives', async () => {
    const account = await app.account();
    const phone = await startDevice(app, { code: (await pairingCode(app, account.key)).code });
    devices.push(phone);
    const client = await mcpClient(account.key);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['create_payment_intent', 'get_conversation', 'get_message', 'get_payment_intent', 'list_events', 'refund_payment', 'send_otp', 'send_sms', 'verify_otp'].sort(),
    );
    const sendSms = tools.find((tool) => tool.name === 'send_sms')!;
    expect(sendSms.inputSchema.properties).toHaveProperty('to');
    expect(sendSms.inputSchema.properties).toHaveProperty('message');
    expect(sendSms.annotations).toMatchObject({ readOnlyHint: false });

    const sent = (await client.callTool({ name: 'send_sms', arguments: { to: '+14155552671', message: 'Your table is ready' } })) as ToolAnswer;
    expect(sent.isError).toBeFalsy();
    const requestId = json(sent).request_id as string;
    const received = await phone.waitFor('received', (event) => event.messageId === requestId);
    expect(received).toMatchObject({ to: '+14155552671', body: 'Your table is ready' });

    const read = await client.callTool({ name: 'get_message', arguments: { request_id: requestId } });
    expect(json(read)).toMatchObject({ request_id: requestId });
    const conversation = await client.callTool({ name: 'get_conversation', arguments: { counterparty: '+14155552671' } });
    expect(json(conversation).data.map((message: { request_id: string }) => message.request_id)).toEqual([requestId]);

    // Logged: the MCP request and the REST request its tool call made, a code in either removed.
    const wrong = (await client.callTool({ name: 'verify_otp', arguments: { otp_id: 'otp_nothing', code: '918273' } })) as ToolAnswer;
    expect(json(wrong).error).toMatchObject({ code: 'not_found' });
    const logged = async () => app.rt.db.prisma.apiRequest.findMany({ where: { accountId: account.id } });
    await expect.poll(async () => (await logged()).map((row) => row.operationId)).toEqual(expect.arrayContaining(['mcp', 'sendSms', 'verifyOtp']));
    await expect.poll(async () => (await logged()).filter((row) => row.operationId === 'mcp').length).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(await logged())).not.toContain('918273');

    // The route's validation, as REST answers it: code, message, the param at fault.
    const bad = (await client.callTool({ name: 'send_sms', arguments: { to: 'not a number', message: 'Hi' } })) as ToolAnswer;
    expect(bad.isError).toBe(true);
    expect(json(bad).error).toMatchObject({ code: 'invalid_request', param: 'to' });
  });

  it('answers a key without a tool’s scope with that route’s refusal, as a tool error; another account’s id is not found', async () => {
    const owner = await app.account();
    const ownerClient = await mcpClient(owner.key);
    const intent = json(await ownerClient.callTool({ name: 'create_payment_intent', arguments: { amount: 1250, currency: 'usd', title: 'Dinner for two', customer_name: 'Ada Lovelace', customer_email: 'ada@example.com' } }));
    const paymentIntent = intent.payment_intent as { id: string; checkout_url: string };
    expect(paymentIntent.checkout_url).toMatch(/^http/);

    const readOnly = await app.account({ scopes: ['messages.read', 'payments.read'] });
    const client = await mcpClient(readOnly.key);
    const refused = (await client.callTool({ name: 'send_sms', arguments: { to: '+14155552671', message: 'Hello' } })) as ToolAnswer;
    expect(refused.isError).toBe(true);
    expect(json(refused).error).toMatchObject({ code: 'forbidden' });
    expect(await app.rt.db.prisma.message.count({ where: { accountId: readOnly.id } })).toBe(0);
    // Still a working session after the refusal.
    expect((await client.listTools()).tools.length).toBe(9);

    const foreign = (await client.callTool({ name: 'get_payment_intent', arguments: { id: paymentIntent.id } })) as ToolAnswer;
    expect(foreign.isError).toBe(true);
    expect(json(foreign).error).toMatchObject({ code: 'not_found' });
    expect(json(await ownerClient.callTool({ name: 'get_payment_intent', arguments: { id: paymentIntent.id } })).payment_intent.id).toBe(paymentIntent.id);

    // Every tool that takes an id: another account's is not found, as one that exists nowhere.
    const ownersSms = json(await ownerClient.callTool({ name: 'send_sms', arguments: { to: '+14155552673', message: 'Owner only' } })).request_id as string;
    const other = await mcpClient((await app.account()).key);
    for (const [name, args] of [
      ['get_message', { request_id: ownersSms }],
      ['get_payment_intent', { id: paymentIntent.id }],
      ['refund_payment', { payment_intent: paymentIntent.id }],
    ] as const) {
      const theirs = (await other.callTool({ name, arguments: args })) as ToolAnswer;
      expect(theirs.isError, name).toBe(true);
      expect(json(theirs).error.code, name).toBe('not_found');
    }
    const events = json(await other.callTool({ name: 'list_events', arguments: { object_public_id: paymentIntent.id } }));
    expect(events.data).toEqual([]);
    const conversation = json(await other.callTool({ name: 'get_conversation', arguments: { counterparty: '+14155552673' } }));
    expect(conversation.data).toEqual([]);
  });

  it('refuses a request without a valid key (401), before reading it', async () => {
    const response = await fetch(`${app.baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0"' });
    expect(response.status).toBe(401);
    await expect(mcpClient('yk_test_not_a_key')).rejects.toThrow();
  });
});

describe('yarrow mcp (stdio, the SDK CLI)', () => {
  it('serves the same tools to a client that starts it as a command; a send reaches the phone; a read-only key is refused the send', async () => {
    // The entry of docs/agents.md, as a desktop assistant reads it: `npx yarrow` is the CLI's main.ts here.
    const doc = readFileSync(join(import.meta.dirname, '../../docs/agents.md'), 'utf8');
    const config = JSON.parse(/```json\n([\s\S]*?)```/.exec(doc)![1]!).mcpServers.yarrow as { command: string; args: string[]; env: Record<string, string> };
    expect([config.command, ...config.args.slice(0, 2)]).toEqual(['npx', 'yarrow', 'mcp']);
    const entry = join(import.meta.dirname, '../../packages/sdk/cli/main.ts');
    const args = config.args.slice(1).map((arg) => (arg === 'http://localhost:4000' ? app.baseUrl : arg));
    const start = async (key: string) => {
      const client = new Client({ name: 'desktop-assistant', version: '1.0.0' });
      const env = { PATH: process.env.PATH ?? '', ...config.env, YARROW_API_KEY: config.env.YARROW_API_KEY!.replace('yk_test_…', key) };
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [entry, ...args], env, stderr: 'pipe' }));
      clients.push(client);
      return client;
    };
    const account = await app.account();
    const phone = await startDevice(app, { code: (await pairingCode(app, account.key)).code });
    devices.push(phone);
    const client = await start(account.key);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('send_sms');
    const sent = (await client.callTool({ name: 'send_sms', arguments: { to: '+14155552672', message: 'Sent from a desktop assistant' } })) as ToolAnswer;
    expect(sent.isError).toBeFalsy();
    const requestId = json(sent).request_id as string;
    expect(await phone.waitFor('received', (event) => event.messageId === requestId)).toMatchObject({ body: 'Sent from a desktop assistant' });
    const read = await client.callTool({ name: 'get_message', arguments: { request_id: requestId } });
    expect(json(read)).toMatchObject({ request_id: requestId });

    const readOnly = await start((await app.account({ scopes: ['messages.read'] })).key);
    const refused = (await readOnly.callTool({ name: 'send_sms', arguments: { to: '+14155552672', message: 'Hello' } })) as ToolAnswer;
    expect(refused.isError).toBe(true);
    expect(json(refused).error).toMatchObject({ code: 'forbidden' });
  });
});
