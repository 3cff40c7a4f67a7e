import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A backup archive is a gzip-compressed POSIX tar file (`tar -tzf` lists it): `manifest.json`
 * first, then the database and the other files. Written and read here with Node's own streams.
 */

const BLOCK = 512;

export interface ArchiveEntry {
  /** The path inside the archive, `/`-separated. */
  name: string;
  /** A file on disk to copy in. */
  source: string;
}

/** SHA-256 of a file, in hex. */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function tarHeader(name: string, size: number, mtime: Date): Buffer {
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(base) > 100) {
    const cut = name.lastIndexOf('/');
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  if (Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155) throw new Error(`Name too long for the archive: ${name}`);
  const header = Buffer.alloc(BLOCK);
  header.write(base, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + ' ', 148, 'ascii');
  return header;
}

/**
 * Writes the entries into a new `.tar.gz` at `target`; returns the SHA-256 of the file written.
 */
export async function writeArchive(target: string, entries: ArchiveEntry[]): Promise<string> {
  const gzip = createGzip({ level: 6 });
  const hash = createHash('sha256');
  gzip.on('data', (chunk: Buffer) => hash.update(chunk));
  const done = pipeline(gzip, createWriteStream(target, { flags: 'wx' }));
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await once(gzip, 'drain');
  };
  for (const entry of entries) {
    const info = await stat(entry.source);
    await write(tarHeader(entry.name, info.size, info.mtime));
    let copied = 0;
    for await (const chunk of createReadStream(entry.source)) {
      copied += (chunk as Buffer).length;
      await write(chunk as Buffer);
    }
    if (copied !== info.size) throw new Error(`${entry.source} changed while it was archived`);
    const padding = (BLOCK - (info.size % BLOCK)) % BLOCK;
    if (padding > 0) await write(Buffer.alloc(padding));
  }
  await write(Buffer.alloc(BLOCK * 2));
  gzip.end();
  await done;
  return hash.digest('hex');
}

export interface TarMember {
  name: string;
  size: number;
  /** Where its content starts in the uncompressed tar file. */
  offset: number;
}

/** Uncompresses `archive` into the tar file `tarPath`; throws when it is not gzip data. */
export async function gunzipTo(archive: string, tarPath: string): Promise<void> {
  await pipeline(createReadStream(archive), createGunzip(), createWriteStream(tarPath));
}

/** The members of an uncompressed tar file, in order; throws on anything but plain files of ustar. */
export async function listTar(tarPath: string): Promise<TarMember[]> {
  const file = await open(tarPath, 'r');
  try {
    const { size: total } = await file.stat();
    const members: TarMember[] = [];
    const header = Buffer.alloc(BLOCK);
    for (let at = 0; at + BLOCK <= total;) {
      await file.read(header, 0, BLOCK, at);
      if (header.every((byte) => byte === 0)) return members;
      if (header.toString('ascii', 257, 262) !== 'ustar') throw new Error('not a tar archive');
      let sum = 0;
      for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : header[i];
      if (parseInt(header.toString('ascii', 148, 156).replace(/\0.*$/, ''), 8) !== sum) throw new Error('damaged tar header');
      const field = (from: number, length: number) => header.toString('utf8', from, from + length).replace(/\0.*$/s, '');
      const base = field(0, 100);
      const prefix = field(345, 155);
      const size = parseInt(field(124, 12).trim() || '0', 8);
      const type = header.toString('ascii', 156, 157);
      if (type !== '0' && type !== '\0') throw new Error(`unexpected tar member type ${JSON.stringify(type)}`);
      members.push({ name: prefix ? `${prefix}/${base}` : base, size, offset: at + BLOCK });
      at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    }
    throw new Error('truncated tar archive');
  } finally {
    await file.close();
  }
}

/** Copies one member's content out of the tar file to `target`. */
export async function extractMember(tarPath: string, member: TarMember, target: string): Promise<void> {
  if (member.size === 0) {
    await (await open(target, 'wx')).close();
    return;
  }
  await pipeline(
    createReadStream(tarPath, { start: member.offset, end: member.offset + member.size - 1 }),
    createWriteStream(target, { flags: 'wx' }),
  );
}

/** One member's content as text (the manifest). */
export async function readMemberText(tarPath: string, member: TarMember, limit = 1_000_000): Promise<string> {
  if (member.size > limit) throw new Error(`${member.name} is too large`);
  const file = await open(tarPath, 'r');
  try {
    const buffer = Buffer.alloc(member.size);
    await file.read(buffer, 0, member.size, member.offset);
    return buffer.toString('utf8');
  } finally {
    await file.close();
  }
}
