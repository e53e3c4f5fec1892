import { useEventStream } from '../../stores/event-stream';

/** Says when live updates are not reaching this window (browser shell only; silent when live). */
export function StreamStatus() {
  const stream = useEventStream((state) => state.stream);
  if (stream.status === 'live' || stream.status === 'connecting') return null;
  const text =
    stream.status === 'reconnecting'
      ? 'Live updates interrupted — reconnecting. Figures may be out of date.'
      : 'Live updates stopped: the server no longer accepts this page’s access link.';
  return (
    <p className="stream-status" role="status">
      {text}
    </p>
  );
}
