import type { ReactNode } from 'react';

/**
 * One titled section of the Settings page; `id` names its heading (`<id>-heading`), `anchor` is the
 * section's own id when other screens link to it.
 */
export function SettingsSection({
  id,
  title,
  testId,
  anchor,
  children,
}: {
  id: string;
  title: string;
  testId?: string;
  anchor?: string;
  children: ReactNode;
}) {
  return (
    <section id={anchor} className="settings-section" aria-labelledby={`${id}-heading`} data-testid={testId}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
