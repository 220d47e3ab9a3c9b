import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { scopes } from '../modules.ts';
import { randomToken, safeEqual } from '../core/crypto.ts';
import { YarrowError } from '../core/errors.ts';
import { clientAddress, type HttpEnv } from '../core/http.ts';
import { pageSecurityHeaders } from '../core/browser-security.ts';
import type { GatewayContext } from '../core/gateway-context.ts';
import { defineRoute, type Credential } from '../core/route.ts';
import { errorBox, page, panelPages } from './layout.ts';
import { SESSION_COOKIE, createSession, createSignInGuard, createSignUpGuard, endSession, readSession, type PanelSessionInfo } from './users.ts';

const FORM_CSRF_COOKIE = 'yarrow_form_csrf';
const assetsDir = join(import.meta.dirname, 'assets');
/**
 * The panel runs only its own module scripts and stylesheet (no inline script or style), talks
 * only to its own origin (GraphQL over HTTP, SSE and WebSocket) and is never framed.
 */
const panelHeaders = pageSecurityHeaders(
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'",
);
const assetTypes: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

type PanelContext = Context<HttpEnv & { Variables: { session: PanelSessionInfo } }>;

/** Panel pages are not the REST API: served and recorded, but not in OpenAPI (README describes them). */
const publicPage = (path: string) => ({ path, tag: 'Panel', auth: 'none', openapi: false, produces: 'html', responses: { 200: 'The page.' } }) as const;

/** The session `requireSession` (middleware on all of /panel, below) found; a page declares it needs one. */
const panelSession: Credential<PanelSessionInfo> = {
  documentedAs: 'session',
  authenticate: async (c) => {
    const session = (c as unknown as PanelContext).get('session');
    if (!session) throw new YarrowError('unauthorized', 'Sign in to the panel first.');
    return session;
  },
};
const sessionPage = (path: string) => ({ ...publicPage(path), method: 'get', auth: panelSession }) as const;

export function registerPanelRoutes(ctx: GatewayContext) {
  const { app, rt } = ctx;
  const signIn = createSignInGuard(rt);
  const signUp = createSignUpGuard(rt);
  const secure = rt.config.secureCookies;

  const setPanelHeaders = async (c: Context, next: () => Promise<void>) => {
    await next();
    for (const [name, value] of Object.entries(panelHeaders)) c.header(name, value);
  };
  app.use('/panel', setPanelHeaders);
  app.use('/panel/*', setPanelHeaders);

  /** Sign-in and sign-up have no session yet: a double-submit cookie guards their forms. */
  function formToken(c: Context) {
    let token = getCookie(c, FORM_CSRF_COOKIE);
    if (!token) {
      token = randomToken(18);
      setCookie(c, FORM_CSRF_COOKIE, token, { httpOnly: true, sameSite: 'Strict', secure, path: '/panel' });
    }
    return token;
  }

  async function formBody(c: Context): Promise<Record<string, string>> {
    const body = await c.req.parseBody();
    return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }

  function checkFormToken(c: Context, submitted: string | undefined) {
    const expected = getCookie(c, FORM_CSRF_COOKIE);
    if (!expected || !submitted || !safeEqual(expected, submitted)) {
      throw new YarrowError('forbidden', 'The form expired or did not come from this site. Reload the page and try again.', {
        param: 'csrf_token',
      });
    }
  }

  function startSession(c: Context, token: string, expiresAt: Date) {
    setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', expires: expiresAt });
  }

  const credentialsForm = (kind: 'sign-in' | 'sign-up', csrf: string, error?: string, email = '') => html`
    ${errorBox(error)}
    <form method="post" action="/panel/${kind}" class="card">
      <input type="hidden" name="csrf_token" value="${csrf}" />
      ${kind === 'sign-up'
        ? html`<label for="account_name">Business name</label>
            <input id="account_name" name="account_name" required maxlength="200" autocomplete="organization" />`
        : ''}
      <label for="email">Email</label>
      <input id="email" name="email" type="email" required autocomplete="email" value="${email}" />
      <label for="password">Password</label>
      <input id="password" name="password" type="password" required minlength="${kind === 'sign-up' ? 10 : 1}"
        autocomplete="${kind === 'sign-up' ? 'new-password' : 'current-password'}" />
      <button type="submit">${kind === 'sign-up' ? 'Create account' : 'Sign in'}</button>
    </form>
    <p>
      ${kind === 'sign-up'
        ? html`Have an account? <a href="/panel/sign-in">Sign in</a>`
        : html`New to Yarrow? <a href="/panel/sign-up">Create an account</a>`}
    </p>`;

  defineRoute(ctx, {
    ...publicPage('/panel/sign-in'),
    method: 'get',
    summary: 'Sign-in form',
    handler: (c) => c.html(page({ title: 'Sign in', body: credentialsForm('sign-in', formToken(c)) })),
  });
  defineRoute(ctx, {
    ...publicPage('/panel/sign-up'),
    method: 'get',
    summary: 'Sign-up form',
    handler: (c) => c.html(page({ title: 'Create your account', body: credentialsForm('sign-up', formToken(c)) })),
  });

  for (const kind of ['sign-in', 'sign-up'] as const) defineRoute(ctx, {
    ...publicPage(`/panel/${kind}`),
    method: 'post',
    summary: kind === 'sign-in' ? 'Sign in: starts a session' : 'Sign up: creates the account and starts a session',
    responses: { 303: 'On to the panel.', 400: 'The form again, with the reason.' },
    handler: async (c) => {
      const form = await formBody(c);
      try {
        checkFormToken(c, form.csrf_token);
        const address = clientAddress(c, rt.config.TRUST_PROXY);
        const user = kind === 'sign-in' ? await signIn(form, address) : await signUp(form, address);
        const { token, expiresAt } = await createSession(rt, user);
        startSession(c, token, expiresAt);
        return c.redirect('/panel', 303);
      } catch (error) {
        if (!(error instanceof YarrowError)) throw error;
        for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
        const title = kind === 'sign-in' ? 'Sign in' : 'Create your account';
        return c.html(page({ title, body: credentialsForm(kind, formToken(c), error.message, form.email) }), error.status as 400);
      }
    },
  });

  defineRoute(ctx, {
    ...publicPage('/panel/sign-out'),
    method: 'post',
    summary: 'Sign out: ends the session',
    responses: { 303: 'On to sign-in.' },
    handler: async (c) => {
      const token = getCookie(c, SESSION_COOKIE);
      const session = await readSession(rt, token);
      const form = await formBody(c);
      if (session && !(form.csrf_token && safeEqual(form.csrf_token, session.csrfToken))) {
        throw new YarrowError('forbidden', 'Missing or wrong CSRF token.', { param: 'csrf_token' });
      }
      await endSession(rt, token);
      deleteCookie(c, SESSION_COOKIE, { path: '/', secure });
      return c.redirect('/panel/sign-in', 303);
    },
  });

  defineRoute(ctx, {
    ...publicPage('/panel/assets/:file{[a-z0-9-]+\\.(js|css)}'),
    method: 'get',
    summary: "The panel's scripts and stylesheet",
    produces: 'text',
    responses: { 200: 'The file.' },
    handler: (c) => {
      const file = c.req.param('file')!;
      const extension = file.slice(file.lastIndexOf('.'));
      c.header('Content-Type', assetTypes[extension] ?? 'application/octet-stream');
      c.header('Cache-Control', 'no-cache');
      try {
        return c.body(readFileSync(join(assetsDir, file)));
      } catch {
        throw new YarrowError('not_found', `No asset ${file}.`);
      }
    },
  });

  // The typed SDK (src/sdk) for the browser: the same TypeScript, with its types stripped.
  const sdkDir = join(import.meta.dirname, '..', 'sdk');
  const strippedSdk = new Map<string, string>();
  defineRoute(ctx, {
    ...publicPage('/panel/sdk/:path{[a-z0-9/-]+\\.ts}'),
    method: 'get',
    summary: 'The typed SDK as browser JavaScript',
    produces: 'text',
    responses: { 200: 'The module.' },
    handler: (c) => {
      const path = c.req.param('path')!;
      if (path.includes('..')) throw new YarrowError('not_found', 'No such file.');
      let code = strippedSdk.get(path);
      if (code === undefined) {
        try {
          code = stripTypeScriptTypes(readFileSync(join(sdkDir, path), 'utf8'));
        } catch {
          throw new YarrowError('not_found', `No SDK file ${path}.`);
        }
        strippedSdk.set(path, code);
      }
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      return c.body(code);
    },
  });

  // Every other panel page needs a session; without one the browser goes to sign-in (for unknown
  // /panel paths too, so a visitor learns nothing of what is there).
  app.use('/panel', requireSession);
  app.use('/panel/*', requireSession);
  async function requireSession(c: PanelContext, next: () => Promise<void>) {
    const session = await readSession(rt, getCookie(c, SESSION_COOKIE));
    if (!session) return c.redirect(`/panel/sign-in`, 303);
    c.set('session', session);
    c.header('Cache-Control', 'no-store');
    await next();
  }

  defineRoute(ctx, {
    ...sessionPage('/panel'),
    summary: 'The first panel page',
    responses: { 303: 'On to the first page.' },
    handler: (c) => c.redirect(`/panel/${panelPages[0]!.path}`, 303),
  });

  defineRoute(ctx, {
    ...sessionPage('/panel/keys'),
    summary: 'API keys page: create, list and revoke keys',
    handler: (c, { auth: session }) =>
    c.html(
      page({
        title: 'API keys',
        session,
        script: 'keys.js',
        body: html`
          <section aria-labelledby="new-key">
            <h2 id="new-key">New key</h2>
            <form id="create-key" class="card">
              <label for="key-label">Label</label>
              <input id="key-label" name="label" required maxlength="100" />
              <fieldset>
                <legend>Scopes</legend>
                ${scopes.map(
                  (scope) => html`<label class="check"><input type="checkbox" name="scopes" value="${scope.toUpperCase().replace('.', '_')}" /> ${scope}</label>`,
                )}
              </fieldset>
              <button type="submit">Create key</button>
            </form>
            <div id="new-secret" class="card secret" hidden>
              <p>Copy this key now. It is never shown again.</p>
              <code id="secret-value"></code>
              <button type="button" id="copy-secret">Copy</button>
            </div>
          </section>
          <section aria-labelledby="key-list">
            <h2 id="key-list">Keys</h2>
            <table>
              <thead><tr><th>Label</th><th>Prefix</th><th>Scopes</th><th>Created</th><th>Last used</th><th>Status</th><th></th></tr></thead>
              <tbody id="keys"></tbody>
            </table>
          </section>`,
      }),
    ),
  });

  defineRoute(ctx, {
    ...sessionPage('/panel/webhooks'),
    summary: 'Webhooks page: endpoints and deliveries',
    handler: (c, { auth: session }) =>
    c.html(
      page({
        title: 'Webhooks',
        session,
        script: 'webhooks.js',
        body: html`
          <section aria-labelledby="new-endpoint">
            <h2 id="new-endpoint">New endpoint</h2>
            <form id="create-endpoint" class="card">
              <label for="endpoint-url">URL</label>
              <input id="endpoint-url" name="url" type="url" required placeholder="https://example.com/yarrow-hooks" />
              <label for="endpoint-description">Description</label>
              <input id="endpoint-description" name="description" maxlength="200" />
              <label for="endpoint-events">Events (none selected: every event)</label>
              <select id="endpoint-events" name="eventTypes" multiple size="6"></select>
              <button type="submit">Create endpoint</button>
            </form>
            <div id="endpoint-secret" class="card secret" hidden>
              <p id="endpoint-secret-label">Signing secret. Verify each request's X-YarrowPay-Signature with it.</p>
              <code id="endpoint-secret-value"></code>
              <button type="button" id="copy-endpoint-secret">Copy</button>
            </div>
          </section>
          <section aria-labelledby="endpoint-list">
            <h2 id="endpoint-list">Endpoints</h2>
            <table>
              <thead><tr><th>URL</th><th>Events</th><th>Status</th><th>Actions</th></tr></thead>
              <tbody id="endpoints"></tbody>
            </table>
          </section>
          <section aria-labelledby="delivery-log">
            <h2 id="delivery-log">Delivery log <span class="muted" id="log-state">(live)</span></h2>
            <table>
              <thead><tr><th>Delivery</th><th>Event</th><th>Endpoint</th><th>Status</th><th>Attempts</th><th></th></tr></thead>
              <tbody id="deliveries"></tbody>
            </table>
          </section>`,
      }),
    ),
  });

  defineRoute(ctx, {
    ...sessionPage('/panel/payments'),
    summary: 'Payments page: payment intents and invoices',
    handler: (c, { auth: session }) =>
    c.html(
      page({
        title: 'Payments',
        session,
        script: 'payments.js',
        body: html`
          <section aria-labelledby="intents-heading">
            <h2 id="intents-heading">Payment intents <span class="muted">(live)</span></h2>
            <table>
              <thead><tr><th>Id</th><th>Title</th><th>Customer</th><th>Amount</th><th>Status</th><th>Method</th><th>Checkout</th></tr></thead>
              <tbody id="intents"></tbody>
            </table>
          </section>
          <section aria-labelledby="invoices-heading">
            <h2 id="invoices-heading">Invoices</h2>
            <table>
              <thead><tr><th>Number</th><th>Title</th><th>Amount</th><th>Due</th><th>Status</th><th>Hosted page</th></tr></thead>
              <tbody id="invoices"></tbody>
            </table>
          </section>
          <section aria-labelledby="kyc-heading">
            <h2 id="kyc-heading">Business verification (KYC)</h2>
            <p id="kyc-state" class="card">Not submitted yet.</p>
            <form id="kyc-form" class="card">
              <label for="kyc-legal-name">Legal name</label>
              <input id="kyc-legal-name" name="legalName" required maxlength="200" />
              <label for="kyc-country">Country (ISO code, e.g. SA)</label>
              <input id="kyc-country" name="country" required maxlength="2" minlength="2" />
              <label for="kyc-registration">Registration number</label>
              <input id="kyc-registration" name="registrationNumber" required maxlength="64" />
              <label for="kyc-contact-name">Contact name</label>
              <input id="kyc-contact-name" name="contactName" required maxlength="200" />
              <label for="kyc-contact-email">Contact email</label>
              <input id="kyc-contact-email" name="contactEmail" type="email" required />
              <button type="submit">Submit for review</button>
            </form>
          </section>`,
      }),
    ),
  });

  defineRoute(ctx, {
    ...sessionPage('/panel/devices'),
    summary: 'Devices page: pair and watch phones',
    handler: (c, { auth: session }) =>
    c.html(
      page({
        title: 'Devices',
        session,
        script: 'devices.js',
        body: html`
          <section aria-labelledby="pair-heading">
            <h2 id="pair-heading">Pair a phone</h2>
            <p>
              Your Android phone sends the SMS through <strong>SMS Gateway for Android</strong>, a free open-source app
              (F-Droid, Google Play or GitHub; version 1.53 or later). Install it, then make a code here: it works once, for
              10 minutes.
            </p>
            <button type="button" id="make-code">Make a pairing code</button>
            <div id="pairing" class="card pairing" hidden>
              <ol class="steps">
                <li>
                  In the app, open <strong>Settings → Cloud Server</strong>. Set <strong>API URL</strong> to
                  <span class="copyable"><code id="pairing-api-url"></code> <button type="button" id="copy-api-url">Copy</button></span>
                  and <strong>Notification channel</strong> to <strong>SSE only</strong>. Restart the app.
                </li>
                <li>On the app's Home screen, turn on <strong>Cloud server</strong> and choose <strong>Sign in by code</strong>.</li>
                <li>
                  Type this code:
                  <strong class="pairing-code" id="pairing-code"></strong>
                  <span class="muted" id="pairing-expiry"></span>
                </li>
              </ol>
              <p>The phone appears in the list below as <em>online</em> within a few seconds.</p>
              <details class="muted">
                <summary>QR code for the future Yarrow Relay app</summary>
                <p>SMS Gateway for Android does not read it; it is here for our own app, which is not released yet.</p>
                <img id="pairing-qr" alt="QR code for pairing" width="160" height="160" />
                <p>Payload: <code id="pairing-payload"></code></p>
              </details>
            </div>
          </section>
          <section aria-labelledby="devices-heading">
            <h2 id="devices-heading">Devices <span class="muted">(live)</span></h2>
            <table>
              <thead><tr><th>Name</th><th>Status</th><th>Battery</th><th>Signal</th><th>Last heartbeat</th><th>Rate budget</th><th></th></tr></thead>
              <tbody id="devices"></tbody>
            </table>
          </section>`,
      }),
    ),
  });

  defineRoute(ctx, {
    ...sessionPage('/panel/queue'),
    summary: 'Queue page: what waits for a phone',
    handler: (c, { auth: session }) =>
    c.html(
      page({
        title: 'Queue health',
        session,
        script: 'queue.js',
        body: html`
          <section aria-labelledby="state-heading" class="card wide">
            <h2 id="state-heading">Queue <span id="queue-state" class="muted"></span></h2>
            <p><button type="button" id="toggle-queue">…</button></p>
            <dl class="counts" id="counts"></dl>
            <p>Oldest queued message: <strong id="oldest">—</strong></p>
          </section>
          <section aria-labelledby="throughput-heading">
            <h2 id="throughput-heading">Throughput, last 15 minutes</h2>
            <div id="chart" role="img" aria-label="Messages accepted and delivered per minute"></div>
          </section>
          <section aria-labelledby="load-heading">
            <h2 id="load-heading">Per-device load</h2>
            <table>
              <thead><tr><th>Device</th><th>Status</th><th>On the phone</th><th>Sent last minute</th><th>Budget per minute</th></tr></thead>
              <tbody id="device-load"></tbody>
            </table>
          </section>`,
      }),
    ),
  });

  defineRoute(ctx, {
    ...sessionPage('/panel/messages'),
    summary: 'Messages page: sent texts and their states',
    handler: (c, { auth: session }) =>
    c.html(
      page({
        title: 'Messages',
        session,
        script: 'messages.js',
        body: html`
          <form id="filter" class="card">
            <label for="filter-status">Status</label>
            <select id="filter-status" name="status">
              <option value="">any</option>
              <option value="QUEUED">queued</option>
              <option value="SENT">sent</option>
              <option value="DELIVERED">delivered</option>
              <option value="FAILED">failed</option>
            </select>
            <label for="filter-to">Number contains</label>
            <input id="filter-to" name="to" inputmode="tel" maxlength="32" />
            <button type="submit">Filter</button>
          </form>
          <section aria-labelledby="messages-heading">
            <h2 id="messages-heading">SMS <span class="muted">(live)</span></h2>
            <table>
              <thead><tr><th>Request</th><th>To</th><th>Text</th><th>Status</th><th>Attempts</th><th>Device</th></tr></thead>
              <tbody id="messages"></tbody>
            </table>
          </section>
          <section aria-labelledby="otp-heading">
            <h2 id="otp-heading">OTP log <span class="muted">(codes are never shown)</span></h2>
            <table>
              <thead><tr><th>OTP</th><th>To</th><th>Purpose</th><th>Status</th><th>Attempts</th><th>Sent</th></tr></thead>
              <tbody id="otps"></tbody>
            </table>
          </section>`,
      }),
    ),
  });

  defineRoute(ctx, {
    ...sessionPage('/panel/readiness'),
    summary: 'Launch readiness page: the go-live checklist',
    handler: (c, { auth: session }) =>
    c.html(
      page({
        title: 'Launch readiness',
        session,
        script: 'readiness.js',
        body: html`
          <p id="ready" class="card">…</p>
          <ol id="steps" class="steps"></ol>
          <p class="muted">The same checklist answers <code>GET /api/v1/launch/readiness</code>.</p>`,
      }),
    ),
  });
}
