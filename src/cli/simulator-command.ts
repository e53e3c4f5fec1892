import { startSimulator } from '../simulator/server';
import { flagOption, integerOption, portOption, stringOption, type CommandValues } from './arguments';

/** `floatdesk simulator`: the platform simulator on 127.0.0.1 until the process is stopped. */
export async function simulatorCommand(values: CommandValues, print: (text: string) => void): Promise<void> {
  const seed = integerOption(values, 'seed', 1, 0, 2 ** 32 - 1);
  const admin = flagOption(values, 'admin');
  const simulator = await startSimulator({
    port: portOption(values),
    seed,
    floats: integerOption(values, 'floats', 6, 1, 500),
    transfers: integerOption(values, 'transfers', 400, 0, 1_000_000),
    brands: integerOption(values, 'brands', 120, 0, 100_000),
    adversarial: flagOption(values, 'adversarial'),
    admin,
    ...(stringOption(values, 'api-key') ? { apiKey: stringOption(values, 'api-key') } : {}),
    ...(stringOption(values, 'api-secret') ? { apiSecret: stringOption(values, 'api-secret') } : {}),
  });
  const world = simulator.world;
  print(
    `FloatDesk platform simulator, seed ${seed}: ${world.floats.length} floats, ${world.transfers.length} transfer requests, ${world.brands.length} brands`,
  );
  print(`Base URL:   ${simulator.baseUrl}`);
  print(`API key:    ${simulator.apiKey}`);
  print(`API secret: ${simulator.apiSecret}`);
  if (admin) print(`Admin API:  ${new URL(simulator.baseUrl).origin}/__admin`);
  const stop = (): void => void simulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
