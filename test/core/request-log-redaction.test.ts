// The request log's redaction (src/core/request-log.ts, issue 32): each form a secret takes is
// removed, and the quick raw-text test that lets most bodies skip the parse-and-walk
// (`mayHoldSecret`, docs/performance.md#accept-path) stays a superset of every rule: whenever the
// redaction would change a body, the quick test says it may hold a secret.
import { describe, expect, it } from 'vitest';
import { aliasedSecrets, loggedBody, loggedPath, mayHoldSecret, redactSecrets } from '../../src/core/request-log.ts';

const KEY = 'yk_test_Q2w3e4r5t6y7u8i9o0pAsDfGhJkL1234567890';

/** One JSON body per redaction rule, each holding `secret-value` (or a shaped secret) somewhere. */
const onePerRule: Record<string, unknown> = {
  'secret field': { webhook_secret: 'secret-value' },
  password: { password: 'secret-value' },
  passcode: { passcode: 'secret-value' },
  token: { device_token: 'secret-value' },
  authorization: { Authorization: 'secret-value' },
  'api key': { apiKey: 'secret-value' },
  otp: { otp: 'secret-value' },
  'otp code': { otp_code: 'secret-value' },
  'pairing code field': { pairingCode: 'secret-value' },
  'qr payload field': { qrPayload: 'secret-value' },
  'qr image field': { qr_image: 'secret-value' },
  cvc: { cvc: 'secret-value' },
  'card number': { card_number: 'secret-value' },
  'digit code': { code: '987654' },
  'padded digit code': { code: ' 987654' },
  'numeric code': { code: 987654 },
  'pairing code': { data: { createPairingCode: { code: 'K7M2QX9A' } } },
  'letters-only pairing code': { code: 'KMQXABCD' },
  'API key value': { note: `mine is ${KEY}` },
  'signing secret value': { text: 'whsec_abcdef0123456789' },
  'test token value': { card: 'YP-VISA-APPROVE' },
  'QR payload value': { link: 'yarrow-relay://pair?v=1&base=http%3A%2F%2Fx&code=K7M2QX9A' },
  'QR image value': { img: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=' },
  'custom header value': { url: 'https://example.com/hook', headers: { 'X-Partner-Id': 'partner-value' } },
  'escaped field name': JSON.parse('{"p\\u0061ssword": "secret-value"}'),
};

describe('request log redaction', () => {
  it('removes each form of secret, and the quick test catches every body a rule changes', () => {
    for (const [rule, body] of Object.entries(onePerRule)) {
      const text = rule === 'escaped field name' ? '{"p\\u0061ssword": "secret-value"}' : JSON.stringify(body);
      const redacted = JSON.stringify(redactSecrets(body));
      expect(redacted, rule).not.toEqual(JSON.stringify(body));
      expect(redacted, rule).toContain('[redacted]');
      expect(mayHoldSecret.test(text), rule).toBe(true);
      const stored = loggedBody(text)!;
      for (const secret of ['secret-value', 'partner-value', '987654', 'K7M2QX9A', 'KMQXABCD', KEY, 'whsec_abcdef', 'YP-VISA', 'yarrow-relay', 'base64,']) expect(stored, rule).not.toContain(secret);
    }
  });

  it('keeps error codes, and keeps a body with nothing to redact as sent (the fast path)', () => {
    const refused = { ok: false, error: { code: 'invalid_request', message: 'amount: must be at least 0.5', param: 'amount' } };
    expect(redactSecrets(refused)).toEqual(refused);
    expect(redactSecrets({ errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] })).toEqual({ errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
    const intent = '{"amount":12.5,"currency":"usd","title":"Plain order","customer_email":"ada@example.com","metadata":{"order_id":"1042"}}';
    expect(mayHoldSecret.test(intent)).toBe(false);
    expect(loggedBody(intent, true)).toBe(intent);
  });

  it('holds as a property: a body the redaction changes is always one the quick test flags', () => {
    // Bodies built at random from names and values of every kind, secret or not (a fixed seed).
    let seed = 32;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const names = ['title', 'amount', 'code', 'Code', 'secret', 'qrPayload', 'pairing_code', 'otp', 'otp_id', 'card_number', 'note', 'token', 'error', 'metadata'];
    const values = ['plain', 'invalid_request', 'K7M2QX9A', ' 987654', KEY, 'whsec_x1', 'YP-MC-3DS', 'yarrow-relay://pair?code=AB', 'data:image/svg+xml;base64,AAAA', 42, null];
    const build = (depth: number): unknown => {
      const body: Record<string, unknown> = {};
      for (let i = random(4); i >= 0; i--) body[names[random(names.length)]!] = depth > 0 && random(3) === 0 ? build(depth - 1) : values[random(values.length)];
      return body;
    };
    let flaggedChanges = 0;
    for (let i = 0; i < 3000; i++) {
      const body = build(2);
      const text = JSON.stringify(body);
      if (JSON.stringify(redactSecrets(body)) !== text) {
        expect(mayHoldSecret.test(text), text).toBe(true);
        flaggedChanges += 1;
      }
    }
    expect(flaggedChanges).toBeGreaterThan(500);
  });

  it('redacts secrets in bodies that are not JSON: forms (names or values percent-escaped) and free text', () => {
    const form = loggedBody(`password=hunter22&token=tok_abc123&api%5Fkey=${encodeURIComponent('yk_test_formkey123')}&title=Order`)!;
    expect(JSON.parse(form)).toEqual({ note: 'not JSON', form: { password: '[redacted]', token: '[redacted]', api_key: '[redacted]', title: 'Order' } });
    const escapedValue = loggedBody(`key=yk%5Ftest%5Fescapedkey99`)!;
    expect(escapedValue).not.toContain('escapedkey99');
    const text = loggedBody('please log in: password: hunter22, otp: " 987654"')!;
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('987654');
    expect(JSON.parse(text)).toMatchObject({ note: 'not JSON' });
  });

  it('redacts secret fields a GraphQL document renames with aliases, and leaves a document without them on the fast path', () => {
    const document = JSON.stringify({ query: 'mutation ($input: CreateApiKeyInput!) { k: createApiKey(input: $input) { s: secret apiKey { id } } p: createPairingCode { c: code } }' });
    const aliases = aliasedSecrets(document)!;
    expect(['s', 'c'].every((name) => aliases.test(name))).toBe(true);
    // (k and p name objects: only text values are redacted, so flagging them too changes nothing.)
    expect(['input', 'apiKey', 'id'].some((name) => aliases.test(name))).toBe(false);
    const answer = '{"data":{"k":{"s":"opaque-1","apiKey":{"id":"key_1"}},"p":{"c":"K7M2QX9A"}}}';
    expect(JSON.parse(loggedBody(answer, true, aliases)!)).toEqual({ data: { k: { s: '[redacted]', apiKey: { id: 'key_1' } }, p: { c: '[redacted]' } } });
    expect(aliasedSecrets(JSON.stringify({ query: 'mutation ($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { id } }' }))).toBeUndefined();
  });

  it('reads aliases from the parsed document: comments, commas, line breaks and escapes hide none', () => {
    const answer = (alias: string) => `{"data":{"createPairingCode":{"${alias}":"K7M2QX9A"}}}`;
    const redacted = (request: string, alias: string) => JSON.parse(loggedBody(answer(alias), true, aliasedSecrets(request))!).data.createPairingCode[alias];
    // A comment and a line break between the alias and its colon.
    expect(redacted(JSON.stringify({ query: 'mutation { createPairingCode { c #x\n : code } }' }), 'c')).toBe('[redacted]');
    // Commas are white space in GraphQL.
    expect(redacted(JSON.stringify({ query: 'mutation { createPairingCode { a,:,code, b , : qrPayload } }' }), 'a')).toBe('[redacted]');
    expect(aliasedSecrets(JSON.stringify({ query: 'mutation { createPairingCode { a,:,code, b , : qrPayload } }' }))!.test('b')).toBe(true);
    // The colon spelt as a JSON escape; a document sent as it is (a GET's query); a fragment.
    expect(redacted('{"query":"mutation { createPairingCode { c \\u003a code } }"}', 'c')).toBe('[redacted]');
    expect(redacted('mutation { createPairingCode { ...F } } fragment F on PairingCode { k: code }', 'k')).toBe('[redacted]');
    // An alias of a field that is no secret stays readable; a document GraphQL could not parse ran nothing.
    expect(aliasedSecrets(JSON.stringify({ query: '{ devices { n: name } }' }))).toBeUndefined();
    expect(aliasedSecrets(JSON.stringify({ query: '{ devices { n: code ' }))).toBeUndefined();
  });

  it('redacts a key in a URL path, percent-escaped or not, and leaves other paths as they are', () => {
    expect(loggedPath(`/api/v1/payment-intents/${KEY}`)).toBe('/api/v1/payment-intents/[redacted]');
    expect(loggedPath('/api/v1/x/yk%5Ftest%5Fabcdef123')).toBe('/api/v1/x/[redacted]');
    expect(loggedPath('/api/v1/payment-intents/pi_01jdx3p4a6c8e0g2j4l6n8q0s2')).toBe('/api/v1/payment-intents/pi_01jdx3p4a6c8e0g2j4l6n8q0s2');
  });
});
