// Types of scripts/precompress.mjs for the Vite configurations (TypeScript) that use it.
import type { Plugin } from 'vite';

export declare const COMPRESSIBLE: RegExp;
export declare const MIN_BYTES: number;
export interface PrecompressedSizes {
  file: string;
  raw: number;
  br?: number;
  gz?: number;
}
export declare function precompressFile(file: string): Promise<PrecompressedSizes>;
export declare function precompressTree(dir: string): Promise<PrecompressedSizes[]>;
export declare function precompress(): Plugin;
