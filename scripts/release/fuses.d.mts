import type { FuseConfig, FuseV1Options } from '@electron/fuses';

export const PRODUCT_FILENAME: string;
export const LINUX_EXECUTABLE_NAME: string;
export const ARCH: { ia32: 0; x64: 1; armv7l: 2; arm64: 3; universal: 4 };

export interface ExpectedFuse {
  name: keyof typeof FuseV1Options;
  enabled: boolean;
  why: string;
}
export const EXPECTED_FUSES: readonly ExpectedFuse[];

/** The part of electron-builder's AfterPackContext these helpers read. */
export interface PackContextLike {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

export function fuseConfig(options?: { resetAdHocDarwinSignature?: boolean }): FuseConfig;
export function checkFuseWire(wire: { version: string; [index: number]: number | undefined }): {
  problems: string[];
  lines: string[];
};
export function packagedExecutable(context: Omit<PackContextLike, 'arch'>): string;
export function needsAdHocResign(context: Pick<PackContextLike, 'electronPlatformName' | 'arch'>): boolean;
export function resolveCheckTarget(path: string): string;
