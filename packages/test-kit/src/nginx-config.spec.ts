import { execFileSync } from 'node:child_process';
import { X509Certificate, createHash, createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localCertificate, localNginxConfig } from './nginx-config.js';

const production = readFileSync(join(__dirname, '..', '..', '..', 'nginx.conf'), 'utf8');

describe('localNginxConfig', () => {
  const options = { workDir: '/tmp/w', documentRoot: '/tmp/w/html', listenPort: 8391, apiPorts: [8390], snippetsDir: '/tmp/s' };

  it("serves the site over HTTPS on the local port with the run's certificate, and redirects from the next port", () => {
    const conf = localNginxConfig(production, options);
    expect(conf).toMatch(/^\s*listen 127\.0\.0\.1:8391 ssl;$/m);
    expect(conf).toMatch(/^\s*listen 127\.0\.0\.1:8392;$/m);
    expect(conf).toContain('ssl_certificate /tmp/w/certs/fullchain.pem;');
    expect(conf).toContain('ssl_certificate_key /tmp/w/certs/privkey.pem;');
    // The redirect keeps the local HTTPS port (production's is 443, the default).
    expect(conf).toContain('return 301 https://$host:8391$request_uri;');
    expect(conf).toContain('root /tmp/w/acme;');
    const directives = conf
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(directives.filter((line) => /\/etc\/nginx\/certs|^listen (80|443)\b|\/var\/www/.test(line))).toEqual([]);
    // Everything else is production's: the TLS settings, HSTS and the scheme passed to the API.
    for (const line of [
      'ssl_protocols TLSv1.2 TLSv1.3;',
      'proxy_set_header X-Forwarded-Proto $scheme;',
      'add_header Strict-Transport-Security',
    ]) {
      expect(conf).toContain(line);
    }
  });

  it('sends the API requests to the local replicas in turn, through a group $festival_api names', () => {
    const conf = localNginxConfig(production, { ...options, apiPorts: [8390, 8394] });
    expect(conf).toMatch(/upstream festival_api_local \{\s*server 127\.0\.0\.1:8390;\s*server 127\.0\.0\.1:8394;\s*\}/);
    expect(conf).toMatch(/^\s*set \$festival_api festival_api_local;$/m);
    expect(conf).not.toContain('api:8080');
    // Every proxied location still goes through the variable, as in production.
    expect(conf.match(/proxy_pass http:\/\/\$festival_api;/g)?.length).toBe(
      production.match(/proxy_pass http:\/\/\$festival_api;/g)?.length,
    );
  });

  it("keeps production's lookup of the service name, through a local DNS server, with apiByName", () => {
    const { apiPorts: _ports, ...rest } = options;
    const conf = localNginxConfig(production, { ...rest, apiByName: { resolverPort: 8353, port: 8396 } });
    expect(conf).toMatch(/^\s*resolver 127\.0\.0\.1:8353 valid=10s ipv6=off;$/m);
    expect(conf).toMatch(/^\s*set \$festival_api api:8396;$/m);
    expect(conf).not.toContain('upstream festival_api_local');
    expect(() => localNginxConfig(production, { ...rest })).toThrow(/apiPorts or apiByName/);
  });

  it('takes the redirect port and the certificate folder from the options', () => {
    const conf = localNginxConfig(production, { ...options, redirectPort: 8399, certificateDir: '/tmp/c' });
    expect(conf).toMatch(/^\s*listen 127\.0\.0\.1:8399;$/m);
    expect(conf).toContain('ssl_certificate /tmp/c/fullchain.pem;');
    expect(conf).toContain('ssl_certificate_key /tmp/c/privkey.pem;');
  });

  it('refuses an nginx.conf that no longer has the shape it rewrites', () => {
    expect(() => localNginxConfig(production.replace('listen 443 ssl;', 'listen 8443 ssl;'), options)).toThrow(
      /listen 127\.0\.0\.1:8391 ssl/,
    );
    expect(() =>
      localNginxConfig(production.replace('return 301 https://$host$request_uri;', 'return 301 https://example.com;'), options),
    ).toThrow(/return 301/);
    expect(() => localNginxConfig(production.replace(/\/etc\/nginx\/certs\/privkey\.pem/, '/etc/ssl/privkey.pem'), options)).toThrow(
      /ssl_certificate_key/,
    );
  });
});

describe('localCertificate', () => {
  let workDir: string;
  beforeAll(() => {
    workDir = mkdtempSync(join(tmpdir(), 'festival-cert-'));
  });
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('makes a self-signed P-256 certificate for 127.0.0.1 and localhost, valid two days, under production file names', () => {
    const made = localCertificate(workDir);
    expect(made.certificatePath).toBe(join(workDir, 'certs', 'fullchain.pem'));
    expect(made.keyPath).toBe(join(workDir, 'certs', 'privkey.pem'));
    const certificate = new X509Certificate(made.certificate);
    expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(certificate.checkHost('localhost')).toBe('localhost');
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    const days = (Date.parse(certificate.validTo) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(1.9);
    expect(days).toBeLessThan(2.1);
    const key = createPrivateKey(readFileSync(made.keyPath));
    expect(key.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(certificate.checkPrivateKey(key)).toBe(true);
    // What Chromium's --ignore-certificate-errors-spki-list takes: the key's hash, as openssl computes it.
    const spki = execFileSync('openssl', ['x509', '-in', made.certificatePath, '-pubkey', '-noout']);
    const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: spki });
    expect(made.spkiSha256).toBe(createHash('sha256').update(der).digest('base64'));
  });

  it('is made once per folder', () => {
    const first = localCertificate(workDir);
    const before = statSync(first.certificatePath).mtimeMs;
    expect(localCertificate(workDir).certificate).toBe(first.certificate);
    expect(statSync(first.certificatePath).mtimeMs).toBe(before);
  });
});
