import { usePlatformConnection } from '../../stores/platform-connection';

/** "Test connection": one signed call to the platform with what is set now, and what came of it. */
export function ConnectionTest() {
  const testing = usePlatformConnection((state) => state.testing);
  const result = usePlatformConnection((state) => state.testResult);
  const test = usePlatformConnection((state) => state.test);
  return (
    <div className="connection-test">
      <button type="button" className="button button-quiet" onClick={() => void test()} disabled={testing}>
        {testing ? 'Testing…' : 'Test connection'}
      </button>
      <div role="status" data-testid="connection-test-result">
        {result === null ? null : (
          <p className={result.ok ? 'test-result test-ok' : 'test-result test-failed'}>
            <strong>{result.ok ? 'Connected.' : 'Not connected.'}</strong> {result.message}
            {result.code === null ? null : (
              <span className="state-code">
                {' '}
                Error code: <code>{result.code}</code>
              </span>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
