import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatCore } from '../../../electron/core/app-core';
import { networkFailure } from '../../../electron/core/http-client';
import { fileModeProtector } from '../../../electron/core/vault';
import { describeFailure } from '../../../shared/failures';

// A self-hosted server's certificate refused: the person is told what is wrong with it, not
// "could not reach the server". The certificates in test/support/tls were made with openssl for
// these tests only: self-signed for 127.0.0.1, for another name, and one that expired in 2021.
const TLS_DIR = join(__dirname, '../../support/tls');
const pem = (name: string) => readFileSync(join(TLS_DIR, name));

const servers: Server[] = [];
let dataDir: string;

async function httpsServer(name: string): Promise<string> {
  const server = createServer({ key: pem(`${name}.key.pem`), cert: pem(`${name}.cert.pem`) }, (_req, res) =>
    res
      .writeHead(404, { 'Content-Type': 'application/json' })
      .end('{"result":"error","msg":"x","code":"BAD"}'),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-tls-'));
});

afterAll(() => {
  for (const server of servers) server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('certificate failures', () => {
  it('a self-signed certificate: the organization URL check says it is not trusted, and how to trust it', async () => {
    const url = await httpsServer('self-signed');
    const core = new ChatCore({ dataDir, protector: fileModeProtector, userAgent: 'test', random: () => 0 });
    const result = await core.probeServer(url);
    if (result.ok) throw new Error('an untrusted certificate was accepted');
    expect(result.error).toMatchObject({ kind: 'network', certificate: 'untrusted', notSent: true });
    expect(describeFailure(result.error)).toMatch(
      /^The server's certificate is not trusted: .*NODE_EXTRA_CA_CERTS/,
    );
  });

  it("with the certificates trusted (NODE_EXTRA_CA_CERTS), Node's own codes for expired and wrong-name certificates map to their sentences", async () => {
    const urls = {
      selfSigned: await httpsServer('self-signed'),
      expired: await httpsServer('expired'),
      otherName: await httpsServer('other-name'),
    };
    const bundle = join(dataDir, 'trusted.pem');
    writeFileSync(
      bundle,
      Buffer.concat([pem('self-signed.cert.pem'), pem('expired.cert.pem'), pem('other-name.cert.pem')]),
    );
    // A fresh Node reads NODE_EXTRA_CA_CERTS at start: the documented way to trust an organization's authority.
    const script = `for (const url of ${JSON.stringify(Object.values(urls))}) {
      try { const r = await fetch(url); console.log('status ' + r.status); }
      catch (e) { console.log('code ' + (e.cause?.code ?? e.code)); }
    }`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: bundle },
    });
    const [selfSigned, expired, otherName] = stdout.trim().split('\n');
    // Trusted: the request went through (the server's 404).
    expect(selfSigned).toBe('status 404');
    const failureFor = (line: string | undefined) => {
      const code = line?.replace(/^code /, '');
      return networkFailure(Object.assign(new TypeError('fetch failed'), { cause: { code, message: code } }));
    };
    expect(failureFor(expired)).toMatchObject({ certificate: 'expired' });
    expect(describeFailure(failureFor(expired))).toBe(
      "The server's certificate has expired (or this computer's clock is wrong).",
    );
    expect(failureFor(otherName)).toMatchObject({ certificate: 'wrong-name' });
    expect(describeFailure(failureFor(otherName))).toBe(
      "The server's certificate is for another address: check the organization URL.",
    );
  });

  it('every other refusal of a certificate still says it is the certificate', () => {
    for (const code of [
      'CERT_REVOKED',
      'CERT_SIGNATURE_FAILURE',
      'CERT_NOT_YET_VALID',
      'SELF_SIGNED_CERT_IN_CHAIN',
    ]) {
      const failure = networkFailure(Object.assign(new TypeError('fetch failed'), { cause: { code } }));
      expect(describeFailure(failure)).toMatch(/^The server's certificate /);
    }
    // A plain refused connection is not a certificate problem.
    const refused = networkFailure(
      Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
    );
    expect(describeFailure(refused)).toBe('Could not reach the server. Check your connection.');
  });
});
