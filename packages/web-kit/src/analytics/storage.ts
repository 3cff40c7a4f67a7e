/**
 * sessionStorage that never throws: some browsers refuse storage (private modes, blocked
 * cookies). Values then live in memory for the life of the page.
 */
const memory = new Map<string, string>();

function storage(): Storage | undefined {
  try {
    return window.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function readSession(key: string): string | null {
  const store = storage();
  if (store) {
    try {
      return store.getItem(key);
    } catch {
      // refused: fall back to memory
    }
  }
  return memory.get(key) ?? null;
}

export function writeSession(key: string, value: string): void {
  const store = storage();
  if (store) {
    try {
      store.setItem(key, value);
      return;
    } catch {
      // refused (or full): keep it in memory
    }
  }
  memory.set(key, value);
}

/** A random id (a UUID v4), also where `crypto.randomUUID` is missing (plain-HTTP pages). */
export function newId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
