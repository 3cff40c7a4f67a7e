// The door's camera decoder: how many ticket QR codes each candidate reads from a camera-like
// frame. Random ticket codes (128 base32 characters, as the server makes them) are drawn as the
// e-mail draws them (`qrcode`, 360 px, a one-module margin), then turned into a 640×480 frame by
// ffmpeg: as the e2e's fake camera shows them, and blurred, rotated, tilted, noisy or dim as a
// phone held in front of another phone would. jsQR (what the door loads where the browser has
// no BarcodeDetector) against ZXing's QR reader (what it loaded before).
//   node bench/qr-decode.mjs [--codes 80] [--seed 7] [--record]
// Needs ffmpeg (FFMPEG_PATH or on PATH). Exits non-zero when jsQR misses a code on the plain frame.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMain } from '@festival/test-kit';
import BinaryBitmap from '@zxing/library/cjs/core/BinaryBitmap.js';
import HybridBinarizer from '@zxing/library/cjs/core/common/HybridBinarizer.js';
import QRCodeReader from '@zxing/library/cjs/core/qrcode/QRCodeReader.js';
import RGBLuminanceSource from '@zxing/library/cjs/core/RGBLuminanceSource.js';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { commandLine, record, table } from './lib/results.mjs';

// The package is CommonJS: Node's default import is its `module.exports`, whose `default` is jsQR.
const jsQR = jsQRModule.default;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The frames, as ffmpeg filters from the e-mail's 360 px PNG to a 640×480 picture. */
const SCENES = [
  ['plain (the e2e fake camera)', 'scale=480:480,pad=640:480:80:0:white'],
  ['small, rotated, blurred, noisy', 'scale=300:300,rotate=0.3:fillcolor=white:ow=640:oh=480,gblur=sigma=1.2,noise=alls=12:allf=t'],
  [
    'tilted (perspective), blurred',
    'scale=420:420,perspective=x0=40:y0=0:x1=380:y1=30:x2=0:y2=420:x3=420:y3=390:sense=destination,pad=640:480:110:30:white,gblur=sigma=0.8',
  ],
  ['small, grey, low contrast', 'scale=260:260,pad=640:480:190:110:0xdddddd,eq=contrast=0.6:brightness=0.1'],
];

/** A small deterministic generator, so a run can be repeated code for code. */
/** @param {number} seed */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const DECODERS = {
  jsQR: (/** @type {PNG} */ frame) =>
    jsQR(new Uint8ClampedArray(frame.data), frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null,
  ZXing: (/** @type {PNG} */ frame) => {
    const grey = new Uint8ClampedArray(frame.width * frame.height);
    for (let i = 0, p = 0; i < grey.length; i += 1, p += 4) grey[i] = (frame.data[p] + 2 * frame.data[p + 1] + frame.data[p + 2]) >> 2;
    try {
      const source = new RGBLuminanceSource.default(grey, frame.width, frame.height);
      return new QRCodeReader.default().decode(new BinaryBitmap.default(new HybridBinarizer.default(source))).getText();
    } catch {
      return null;
    }
  },
};

await runMain(
  {
    script: import.meta.url,
    options: {
      codes: { type: 'string', default: '80' },
      seed: { type: 'string', default: '7' },
      record: { type: 'boolean', default: false },
    },
  },
  async ({ args }) => {
    const codes = Number(args.codes);
    const next = random(Number(args.seed));
    const dir = mkdtempSync(join(tmpdir(), 'qr-decode-'));
    const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
    /** @type {Record<string, Record<string, { read: number, ms: number }>>} */
    const scores = Object.fromEntries(SCENES.map(([scene]) => [scene, { jsQR: { read: 0, ms: 0 }, ZXing: { read: 0, ms: 0 } }]));
    try {
      for (let n = 0; n < codes; n += 1) {
        const code = Array.from({ length: 128 }, () => BASE32[Math.floor(next() * 32)]).join('');
        writeFileSync(join(dir, 'qr.png'), await QRCode.toBuffer(code, { type: 'png', width: 360, margin: 1 }));
        for (const [scene, filter] of SCENES) {
          const out = join(dir, 'frame.png');
          execFileSync(ffmpeg, [
            '-loglevel',
            'error',
            '-i',
            join(dir, 'qr.png'),
            '-vf',
            `${filter},format=yuv420p`,
            '-pix_fmt',
            'rgba',
            '-y',
            out,
          ]);
          const frame = PNG.sync.read(readFileSync(out));
          for (const [name, decode] of Object.entries(DECODERS)) {
            const started = performance.now();
            const text = decode(frame);
            scores[scene][name].ms += performance.now() - started;
            if (text === code) scores[scene][name].read += 1;
          }
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const rows = SCENES.map(([scene]) => [
      scene,
      ...Object.keys(DECODERS).flatMap((name) => [
        `${scores[scene][name].read} of ${codes}`,
        `${(scores[scene][name].ms / codes).toFixed(1)} ms`,
      ]),
    ]);
    const summary = table(['Frame', 'jsQR read', 'jsQR per frame', 'ZXing read', 'ZXing per frame'], rows, [
      '',
      'right',
      'right',
      'right',
      'right',
    ]);
    console.log(summary);
    const plainMissed = codes - scores[SCENES[0][0]].jsQR.read;
    if (args.record) {
      record('qr-decode', {
        options: args,
        figures: scores,
        markdown: `## The door's camera decoder

\`${commandLine()}\`: ${codes} random ticket codes, each drawn as the e-mail's QR and turned into a
640×480 frame four ways; one decode per frame, in Node on this machine.

${summary}
`,
      });
    }
    return plainMissed === 0 ? 0 : 1;
  },
);
