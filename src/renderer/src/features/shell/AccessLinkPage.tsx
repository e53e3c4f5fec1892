interface AccessLinkPageProps {
  /** "missing": opened without the token; "rejected": the server refused it (e.g. it was restarted). */
  reason: 'missing' | 'rejected';
}

/** Full page shown in the browser shell when there is no usable access token. */
export function AccessLinkPage({ reason }: AccessLinkPageProps) {
  return (
    <main className="access-link-page" data-testid="access-link-page">
      <h1>
        {reason === 'missing' ? 'Open FloatDesk from its access link' : 'This access link is no longer valid'}
      </h1>
      <p>
        {reason === 'missing'
          ? 'This page was opened without the access token that keeps other programs on this computer away from your ledger.'
          : 'FloatDesk’s local server did not accept this page’s access token, usually because the server was restarted and made a new one.'}
      </p>
      <p>
        In a terminal, run <code>npx floatdesk serve</code> and open the address it prints. It looks like{' '}
        <code>http://127.0.0.1:&lt;port&gt;/?token=…</code>.
      </p>
    </main>
  );
}
