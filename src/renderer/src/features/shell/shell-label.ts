import type { AppStatus } from '@shared/ipc/contract';

export function shellLabel(shell: AppStatus['shell']): string {
  switch (shell) {
    case 'electron':
      return 'Desktop app (Electron)';
    case 'browser':
      return 'In a browser, served by floatdesk serve on this computer';
    case 'cli':
      return 'Command line';
  }
}
