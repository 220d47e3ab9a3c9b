import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface ThrowawayCertificate {
  /** PEM certificate for localhost and 127.0.0.1; self-signed, so it is also the CA to trust. */
  cert: string;
  key: string;
  /** The same two as files, for TLS_CERT_FILE / TLS_KEY_FILE. */
  certFile: string;
  keyFile: string;
}

let made: Promise<ThrowawayCertificate> | undefined;

/** A self-signed certificate for localhost and 127.0.0.1, made once per test process. */
export function throwawayCertificate(): Promise<ThrowawayCertificate> {
  made ??= (async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 7 * 86_400_000),
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
        { name: 'extKeyUsage', serverAuth: true },
        { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
      ],
    });
    const dir = mkdtempSync(join(tmpdir(), 'yarrow-tls-'));
    const certFile = join(dir, 'cert.pem');
    const keyFile = join(dir, 'key.pem');
    writeFileSync(certFile, pems.cert);
    writeFileSync(keyFile, pems.private, { mode: 0o600 });
    return { cert: pems.cert, key: pems.private, certFile, keyFile };
  })();
  return made;
}

export interface TrustedResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * An HTTPS request that trusts `ca` (Node's fetch cannot be given a CA without undici's
 * dispatcher). Rejects like fetch when the server's certificate is not trusted.
 */
export function requestTrusting(
  ca: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<TrustedResponse> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { method: init.method ?? 'GET', headers: init.headers, ca }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
        }
        resolve({ status: response.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.on('error', reject);
    request.end(init.body);
  });
}
