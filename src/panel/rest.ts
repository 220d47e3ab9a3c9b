import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { randomToken, safeEqual } from '../core/crypto.ts';
import { YarrowError, parseInput } from '../core/errors.ts';
import { clientAddress, type HttpEnv } from '../core/http.ts';
import { pageSecurityHeaders } from '../core/browser-security.ts';
import type { GatewayContext } from '../core/gateway-context.ts';
import { defineRoute, type Credential } from '../core/route.ts';
import { errorBox, page, panelNotices, panelPages } from './layout.ts';
import { overviewPage } from './overview.ts';
import { SESSION_COOKIE, createSession, createSignInGuard, createSignUpGuard, endSession, readSession, signInForm, signUpForm, type PanelSessionInfo } from './users.ts';

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

export async function registerPanelRoutes(ctx: GatewayContext) {
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
        // Each form's own fields (the token is not one of them), parsed here into the command.
        const user =
          kind === 'sign-in'
            ? await signIn(parseInput(signInForm, { email: form.email, password: form.password }), address)
            : await signUp(parseInput(signUpForm, { email: form.email, password: form.password, account_name: form.account_name }), address);
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

  // The panel's own scripts and stylesheet, and the modules' page scripts (their `panelAssets`), by name.
  const assets = new Map<string, string>();
  // Preact with htm in one ES module: the panel's UI library, no build step (src/panel/assets/ui.js).
  assets.set('preact-htm.js', fileURLToPath(new URL('../preact/standalone.module.js', import.meta.resolve('htm'))));
  // uPlot, the panel's chart library (the queue health chart), and its stylesheet.
  assets.set('uplot.js', fileURLToPath(new URL('./uPlot.esm.js', import.meta.resolve('uplot'))));
  assets.set('uplot.css', fileURLToPath(new URL('./uPlot.min.css', import.meta.resolve('uplot'))));
  for (const dir of [assetsDir, ...rt.modules.list.flatMap((module) => module.panelAssets ?? [])]) {
    for (const file of readdirSync(dir)) {
      if (assets.has(file)) throw new Error(`panel asset ${file} is in both ${assets.get(file)} and ${dir}`);
      assets.set(file, join(dir, file));
    }
  }
  defineRoute(ctx, {
    ...publicPage('/panel/assets/:file{[a-z0-9-]+\\.(js|css)}'),
    method: 'get',
    summary: "The panel's scripts and stylesheet",
    produces: 'text',
    responses: { 200: 'The file.' },
    handler: (c) => {
      const file = c.req.param('file')!;
      const path = assets.get(file);
      if (!path) throw new YarrowError('not_found', `No asset ${file}.`);
      const extension = file.slice(file.lastIndexOf('.'));
      c.header('Content-Type', assetTypes[extension] ?? 'application/octet-stream');
      c.header('Cache-Control', 'no-cache');
      return c.body(readFileSync(path));
    },
  });

  // Browsers ask every site for /favicon.ico: answered, so no page logs a 404 for it.
  const favicon = readFileSync(join(assetsDir, 'favicon.png'));
  defineRoute(ctx, {
    ...publicPage('/favicon.ico'),
    method: 'get',
    summary: 'The site icon',
    produces: 'text',
    responses: { 200: 'A PNG image.' },
    handler: (c) => {
      c.header('Content-Type', 'image/png');
      c.header('Cache-Control', 'public, max-age=86400');
      return c.body(favicon);
    },
  });

  // TypeScript for the browser, its types stripped: the SDK's files (the panel loads its client and
  // formats) at /panel/sdk/, and each domain's panel operations with their codegen at /panel/src/,
  // the same paths as in src/ so their relative imports resolve in the browser too.
  const sdkDir = dirname(fileURLToPath(import.meta.resolve('@yarrow/sdk/package.json')));
  const srcDir = join(import.meta.dirname, '..');
  const panelOperations = /^([a-z-]+(\/[a-z-]+)?\/panel-operations|panel\/gql\/[a-z-]+)\.ts$/;
  const stripped = new Map<string, string>();
  const serveStripped = (c: Context, file: string) => {
    let code = stripped.get(file);
    if (code === undefined) {
      code = stripTypeScriptTypes(readFileSync(file, 'utf8'));
      stripped.set(file, code);
    }
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(code);
  };
  defineRoute(ctx, {
    ...publicPage('/panel/sdk/:path{[a-z0-9/-]+\\.ts}'),
    method: 'get',
    summary: 'The typed SDK as browser JavaScript',
    produces: 'text',
    responses: { 200: 'The module.' },
    handler: (c) => {
      const path = c.req.param('path')!;
      if (path.includes('..') || !existsSync(join(sdkDir, path))) throw new YarrowError('not_found', `No SDK file ${path}.`);
      return serveStripped(c, join(sdkDir, path));
    },
  });
  defineRoute(ctx, {
    ...publicPage('/panel/src/:path{[a-z0-9/-]+\\.ts}'),
    method: 'get',
    summary: "The domains' panel operations as browser JavaScript",
    produces: 'text',
    responses: { 200: 'The module.' },
    handler: (c) => {
      const path = c.req.param('path')!;
      if (!panelOperations.test(path) || !existsSync(join(srcDir, path))) throw new YarrowError('not_found', `No panel operations ${path}.`);
      return serveStripped(c, join(srcDir, path));
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

  // The overview leads: `/panel` opens it.
  const nav = [overviewPage(rt.modules), ...panelPages(rt.modules)];
  defineRoute(ctx, {
    ...sessionPage('/panel'),
    summary: 'The first panel page',
    responses: { 303: 'On to the first page.' },
    handler: (c) => c.redirect(`/panel/${nav[0]!.path}`, 303),
  });

  // Every module's pages (its `panelPages`), in the panel's layout.
  for (const entry of nav) {
    defineRoute(ctx, {
      ...sessionPage(`/panel/${entry.path}`),
      summary: entry.summary,
      handler: async (c, { auth: session }) =>
        c.html(
          page({
            title: entry.heading ?? entry.title,
            session,
            nav,
            script: entry.script,
            body: await entry.body(rt),
            current: entry.partOf ?? entry.path,
            notices: await panelNotices(rt.modules, rt.db.prisma, session.accountId),
          }),
        ),
    });
  }

  // The modules' own /panel routes (the relay's MMS pictures), under the session like the pages.
  for (const module of rt.modules.list) await module.panelRoutes?.(ctx);

  // Registered last, so every page above wins: any other /panel URL is a page that says so.
  defineRoute(ctx, {
    ...sessionPage('/panel/:unknown{.+}'),
    summary: 'Any other panel URL: a page saying it does not exist',
    responses: { 404: 'The not-found page.' },
    handler: (c, { auth: session }) =>
      c.html(
        page({
          title: 'Page not found',
          session,
          nav,
          body: html`<p class="card">There is no page at <code>${c.req.path}</code>. Choose a page above, or go back to <a href="/panel">the panel</a>.</p>`,
        }),
        404,
      ),
  });
}
