import { invoke } from './client';

export async function shout(text: string): Promise<string> {
  const answer = await invoke('scratch:echo', { text });
  return answer.text;
}
