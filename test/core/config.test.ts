import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/core/config.ts';
import { modules } from '../../src/modules.ts';

describe('configuration', () => {
  it('names every bad variable', () => {
    const attempt = () => loadConfig(modules, { PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', YARROW_ENV: 'prod', YARROW_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'YARROW_ENV', 'YARROW_SECRET']) expect(message).toContain(name);
    }
  });

  it('has defaults for a fresh machine and generates the server secret once', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-config-'));
    const first = loadConfig(modules, { DATA_DIR: dataDir });
    expect(first.PORT).toBe(4000);
    expect(first.YARROW_ENV).toBe('sandbox');
    expect(first.graphiql).toBe(true);
    expect(first.publicBaseUrl).toBe('http://localhost:4000');
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'secret'), 'utf8')).toBe(first.secret);
    expect(statSync(join(dataDir, 'secret')).mode & 0o077).toBe(0);
    expect(loadConfig(modules, { DATA_DIR: dataDir }).secret).toBe(first.secret);
  });

  it('turns GraphiQL off outside the sandbox unless asked', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-config-'));
    expect(loadConfig(modules, { DATA_DIR: dataDir, YARROW_ENV: 'live' }).graphiql).toBe(false);
    expect(loadConfig(modules, { DATA_DIR: dataDir, YARROW_ENV: 'live', GRAPHIQL: 'true' }).graphiql).toBe(true);
  });

  it('takes TLS files in pairs and then hands out https links by default', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'yarrow-config-'));
    expect(() => loadConfig(modules, { DATA_DIR: dataDir, TLS_CERT_FILE: 'cert.pem' })).toThrow(
      /^Invalid configuration: TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither$/,
    );
    expect(() => loadConfig(modules, { DATA_DIR: dataDir, TLS_KEY_FILE: 'key.pem' })).toThrow(/TLS_CERT_FILE: .*set both or neither/);
    expect(loadConfig(modules, { DATA_DIR: dataDir, PORT: '8443', TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: 'key.pem' }).publicBaseUrl).toBe('https://localhost:8443');
    expect(loadConfig(modules, { DATA_DIR: dataDir, TLS_CERT_FILE: 'c', TLS_KEY_FILE: 'k', PUBLIC_BASE_URL: 'https://relay.example.com/' }).publicBaseUrl).toBe(
      'https://relay.example.com',
    );
  });
});
