import { ok, parseQuery, readJson } from '../core/http.ts';
import { listBody, listQuery } from '../core/pagination.ts';
import { idempotentCreate } from '../core/idempotency.ts';
import type { GatewayContext } from '../gateway.ts';
import { describeRoute } from '../core/openapi.ts';
import { accountJson, apiKeyJson } from './json.ts';
import { createApiKey, createApiKeyInput, getAccount, listApiKeys, revokeApiKey } from './service.ts';

export function registerAccountRoutes({ app, rt, auth }: GatewayContext) {
  describeRoute({ method: 'get', path: '/api/v1/account', tag: 'Account', auth: 'account.read', summary: "The key's account", responses: { 200: 'The account.' } });
  app.get('/api/v1/account', auth.require('account.read'), async (c) => {
    const account = await getAccount(rt.db.prisma, c.get('principal').accountId);
    return ok(c, { account: accountJson(account) });
  });

  describeRoute({
    method: 'post',
    path: '/api/v1/api-keys',
    tag: 'Account',
    auth: 'keys.manage',
    summary: 'Create an API key',
    body: createApiKeyInput,
    idempotent: true,
    responses: { 201: 'The key, with its secret (shown once: an Idempotency-Key replay answers `secret: null, secret_redacted: true`).' },
  });
  app.post('/api/v1/api-keys', auth.require('keys.manage'), async (c) => {
    const { raw, body } = await readJson(c);
    return idempotentCreate(rt, c, raw, async (tx) => {
      const created = await createApiKey(rt, tx, c.get('principal').accountId, body);
      return { status: 201, body: { api_key: apiKeyJson(created.apiKey), secret: created.secret } };
    }, { secretFields: ['secret'] });
  });

  describeRoute({ method: 'get', path: '/api/v1/api-keys', tag: 'Account', auth: 'keys.manage', summary: 'List API keys', query: listQuery, responses: { 200: 'A page of keys, newest first.' } });
  app.get('/api/v1/api-keys', auth.require('keys.manage'), async (c) => {
    const query = parseQuery(c, listQuery);
    const rows = await listApiKeys(rt.db.prisma, c.get('principal'), query);
    return ok(c, listBody(rows, query, '/api/v1/api-keys', apiKeyJson));
  });

  describeRoute({ method: 'post', path: '/api/v1/api-keys/:id/revoke', tag: 'Account', auth: 'keys.manage', summary: 'Revoke an API key', responses: { 200: 'The revoked key.' } });
  app.post('/api/v1/api-keys/:id/revoke', auth.require('keys.manage'), async (c) => {
    const key = await revokeApiKey(rt.db.prisma, c.get('principal'), c.req.param('id'));
    auth.forget(key.id); // this gateway at once; the others on the apiKeyRevoked event
    return ok(c, { api_key: apiKeyJson(key) });
  });
}
