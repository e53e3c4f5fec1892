import { STATEMENT_BASE64_MAX as MAX_BASE64 } from '@shared/ipc/contract-recon';
import { base64FromDataUrl } from './recon-query';

/** A file's bytes as base64 (FileReader), or the reason it cannot be sent, in words. */
export function readFileAsBase64(
  file: File,
): Promise<{ ok: true; base64: string } | { ok: false; problem: string }> {
  if (file.size === 0) return Promise.resolve({ ok: false, problem: `${file.name} is empty.` });
  if (Math.ceil(file.size / 3) * 4 > MAX_BASE64) {
    return Promise.resolve({
      ok: false,
      problem: `${file.name} is larger than FloatDesk accepts in one import (about 30 MB): split the statement into smaller periods.`,
    });
  }
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      const base64 = typeof reader.result === 'string' ? base64FromDataUrl(reader.result) : null;
      resolve(
        base64 === null || base64 === ''
          ? { ok: false, problem: `${file.name} could not be read.` }
          : { ok: true, base64 },
      );
    };
    reader.onerror = () =>
      resolve({
        ok: false,
        problem: `${file.name} could not be read (${reader.error?.message ?? 'unknown error'}). Check that the file is still there and try again.`,
      });
    reader.readAsDataURL(file);
  });
}
