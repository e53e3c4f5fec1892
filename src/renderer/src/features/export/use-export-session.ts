import { useEffect, useState } from 'react';
import { coreExportDeps } from './export-download';
import { ExportSession, type ExportPhase } from './export-session';

/** One ExportSession per control, its phase as React state; the session ends with the control. */
export function useExportSession(): { session: ExportSession; phase: ExportPhase } {
  const [phase, setPhase] = useState<ExportPhase>({ status: 'idle', note: null });
  const [session] = useState(() => new ExportSession(coreExportDeps(), setPhase));
  useEffect(() => () => session.dispose(), [session]);
  return { session, phase };
}
