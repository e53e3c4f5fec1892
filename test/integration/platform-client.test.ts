import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCreditorReference } from '../../src/shared/domain/creditor-reference';
import { canonicalDecimal } from '../../src/shared/domain/money';
import { createPlatformClient, type PlatformClient } from '../../src/main/core/platform/client';
import type { RunningSimulator } from '../../src/simulator/server';
import { minorToDecimal } from '../../src/simulator/json';
import { startExactSimulator } from '../helpers/platform-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let simulator: RunningSimulator;
let client: PlatformClient;
let temp: ReturnType<typeof makeTempDir>;

beforeAll(async () => {
  simulator = await startExactSimulator();
  client = createPlatformClient(simulator, { baseBackoffMs: 5, maxBackoffMs: 20 });
  temp = makeTempDir();
});
afterAll(async () => {
  await client?.close();
  await simulator?.close();
  temp?.cleanup();
});

describe('platform client against the simulator over HTTP', () => {
  it('check-floats: every balance exactly as the platform holds it', async () => {
    const { floats, shape } = await client.checkFloats();
    expect(shape).toBe('current');
    const available = Object.fromEntries(
      floats.map((float) => [`${float.currency} ${float.name}`, float.available_balance.amount]),
    );
    const gbp = floats.find(
      (float) => float.currency === 'GBP' && float.available_balance.amount === '12345678.91',
    );
    expect(gbp).toBeDefined();
    expect(Object.values(available)).toContain('0.1');
    expect(Object.values(available)).toContain('1234.567');
    for (const float of simulator.world.floats) {
      const wire = floats.find((item) => item.currency === float.currency && item.name === float.name);
      expect(wire, `${float.currency} ${float.name}`).toBeDefined();
    }
    const onlyKwd = await client.checkFloats({ currency: 'KWD' });
    expect(onlyKwd.floats.map((float) => float.currency)).toEqual(onlyKwd.floats.map(() => 'KWD'));
  });

  it('check-floats: the older shape without the floats key gives the same answer', async () => {
    const legacy = await startExactSimulator({ legacyFloatsShape: true });
    const legacyClient = createPlatformClient(legacy);
    try {
      const [current, old] = [await client.checkFloats(), await legacyClient.checkFloats()];
      expect(old.shape).toBe('legacy');
      expect(old.floats).toEqual(current.floats);
    } finally {
      await legacyClient.close();
      await legacy.close();
    }
  });

  it('transfer-requests: each filter, with requested and approved amounts exactly as strings', async () => {
    const edited = simulator.world.transfers.find((transfer) => transfer.status === 'approved_edited');
    expect(edited).toBeDefined();
    const [found] = await client.listTransferRequests({ paymentReference: edited!.paymentReference });
    expect(found).toMatchObject({
      float: edited!.float,
      status: 'approved_edited',
      payment_reference: edited!.paymentReference,
      requested: {
        currency: edited!.currency,
        amount: minorToDecimal(edited!.requestedMinor, edited!.exponent),
      },
      approved: {
        currency: edited!.currency,
        amount: minorToDecimal(edited!.approvedMinor!, edited!.exponent),
      },
    });
    expect(found!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    const pending = await client.listTransferRequests({ status: 'pending', currency: 'GBP' });
    expect(pending.length).toBeGreaterThan(0);
    expect(
      pending.every(
        (item) => item.status === 'pending' && item.approved === null && item.requested.currency === 'GBP',
      ),
    ).toBe(true);
    const day = found!.created_at.slice(0, 10);
    const sameDay = await client.listTransferRequests({ startDate: day, endDate: day, float: edited!.float });
    expect(sameDay.map((item) => item.payment_reference)).toContain(edited!.paymentReference);
  });

  it('brands: the catalogue with detail, one brand by slug (signed), filters, and [] when nothing matches', async () => {
    const { brands } = await client.listBrands({ detail: true });
    expect(brands).toHaveLength(simulator.world.brands.length);
    expect(brands.some((brand) => brand.detail !== undefined)).toBe(true);
    const slug = simulator.world.brands[0]!.slug;
    const one = await client.listBrands({ brand: slug });
    expect(one.brands.map((brand) => brand.slug)).toEqual([slug]);
    const none = await client.listBrands({ country: 'ZZ' });
    expect(none.brands).toEqual([]);
    // Unknown future enum values are kept, not rejected.
    const types = new Set(brands.map((brand) => brand.type));
    expect([...types].some((type) => type !== 'gift-card' && type !== 'choice-link')).toBe(true);
  });

  it('brands: an unknown slug is a platform refusal with its code, not a crash', async () => {
    await expect(client.listBrands({ brand: 'no-such-brand' })).rejects.toMatchObject({
      code: 'platform_rejected',
      details: { platformCode: '072' },
    });
  });

  it('templates: versions listed, and a ZIP streamed to a file that unzips', async () => {
    const { templates } = await client.listTemplates();
    expect(templates.length).toBeGreaterThan(0);
    const first = templates[0]!;
    const target = join(temp.dir, `${first.brand}-${first.name}.zip`);
    const saved = await client.downloadTemplate({ brand: first.brand, template: first.name }, target);
    expect(saved.path).toBe(target);
    expect(saved.bytes).toBeGreaterThan(100);
    const listing = execFileSync(
      'python3',
      [
        '-c',
        'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print("\\n".join(z.namelist()))',
        target,
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(listing).toContain('index.html');
    expect(readdirSync(temp.dir).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('templates: a missing template leaves no file behind', async () => {
    const target = join(temp.dir, 'missing.zip');
    await expect(client.downloadTemplate({ brand: 'no-such-brand' }, target)).rejects.toMatchObject({
      code: 'platform_rejected',
    });
    expect(existsSync(target) || existsSync(`${target}.part`)).toBe(false);
  });

  it('submitTransfer: registers exactly once with a valid creditor reference and the exact amount', async () => {
    const before = simulator.world.transfers.length;
    const outcome = await client.submitTransfer({ float: 'Main', currency: 'GBP', amount: '12345678.91' });
    expect(outcome.sends).toBe(1);
    expect(outcome.transfer).toEqual({
      float: 'Main',
      currency: 'GBP',
      amount: '12345678.91',
      paymentReference: expect.any(String),
    });
    expect(isValidCreditorReference(outcome.transfer.paymentReference)).toBe(true);
    expect(simulator.world.transfers.length).toBe(before + 1);
    const stored = simulator.world.transfers.at(-1)!;
    expect(stored.requestedMinor).toBe(1_234_567_891n);
    const [listed] = await client.listTransferRequests({
      paymentReference: outcome.transfer.paymentReference,
    });
    expect(listed).toMatchObject({
      status: 'pending',
      requested: { amount: '12345678.91', currency: 'GBP' },
      approved: null,
    });
  });

  it('submitTransfer: a typed reference, finance e-mail and proforma block are sent; platform validation comes back per field', async () => {
    const outcome = await client.submitTransfer({
      float: 'Main',
      currency: 'GBP',
      amount: '0.1',
      paymentReference: 'INV-2026-0042',
      financeEmail: 'finance@example.com',
      proformaInvoice: { company_name: 'Acme Ltd', city: 'Leeds', country: 'GB' },
    });
    expect(outcome.transfer).toMatchObject({ amount: '0.10', paymentReference: 'INV-2026-0042' });
    expect(simulator.world.transfers.at(-1)).toMatchObject({
      financeEmail: 'finance@example.com',
      requestedMinor: 10n,
    });
    // The same reference again: the platform already lists it, so it is refused before sending.
    const count = simulator.world.transfers.length;
    await expect(
      client.submitTransfer({
        float: 'Main',
        currency: 'GBP',
        amount: '5',
        paymentReference: 'INV-2026-0042',
      }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      details: { outcome: 'not_sent', issues: [expect.objectContaining({ field: 'payment_reference' })] },
    });
    await expect(
      client.submitTransfer({ float: 'No such float', currency: 'GBP', amount: '5' }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      details: { issues: [expect.objectContaining({ field: 'float' })] },
    });
    expect(simulator.world.transfers.length).toBe(count);
  });

  it('transactions: issuing a digital card spends the float, cancelling refunds it exactly', async () => {
    const brand = simulator.world.brands.find(
      (candidate) =>
        candidate.status.code === 'ENABLED' &&
        candidate.currency === 'GBP' &&
        candidate.transactionTypes.includes('digital_issuance') &&
        candidate.transactionTypes.includes('cancelled_digital_issuance') &&
        candidate.digitalFaceValueLimits !== undefined,
    );
    expect(brand).toBeDefined();
    const limits = brand!.digitalFaceValueLimits!;
    const face = minorToDecimal(limits.lowerMinor, brand!.exponent);
    const before = (await client.checkFloats({ currency: 'GBP' })).floats;
    const issued = await client.transactions.issueDigital({
      clientRequestId: 'it-issue-1',
      brand: brand!.slug,
      faceValue: { amount: face, currency: 'GBP' },
      float: 'Main',
    });
    expect(canonicalDecimal(issued.face_value.amount)).toBe(canonicalDecimal(face));
    const main = (floats: typeof before) =>
      floats.find((float) => float.name === 'Main')!.available_balance.amount;
    const afterIssue = main((await client.checkFloats({ currency: 'GBP' })).floats);
    expect(afterIssue).toBe(issued.float.available_balance.amount);
    expect(afterIssue).not.toBe(main(before));
    const balance = await client.transactions.checkDigitalBalance({
      clientRequestId: 'it-check-1',
      brand: brand!.slug,
      cardCode: issued.card.code,
    });
    expect(canonicalDecimal(balance.card.balance.amount)).toBe(canonicalDecimal(face));
    const cancelled = await client.transactions.cancelDigitalIssue({
      clientRequestId: 'it-cancel-1',
      brand: brand!.slug,
      original: { transactionId: issued.transaction_id },
    });
    expect(cancelled.refund?.amount).toBe(issued.cost?.amount);
    expect(main((await client.checkFloats({ currency: 'GBP' })).floats)).toBe(main(before));
  });

  it('transactions: a face value outside the brand rules is refused with code 704', async () => {
    const brand = simulator.world.brands.find(
      (candidate) =>
        candidate.status.code === 'ENABLED' &&
        candidate.currency === 'GBP' &&
        candidate.transactionTypes.includes('digital_issuance') &&
        candidate.digitalFaceValueLimits,
    )!;
    const tooBig = minorToDecimal(brand.digitalFaceValueLimits!.upperMinor + 100n, brand.exponent);
    await expect(
      client.transactions.issueDigital({
        clientRequestId: 'it-issue-704',
        brand: brand.slug,
        faceValue: { amount: tooBig, currency: 'GBP' },
      }),
    ).rejects.toMatchObject({ code: 'platform_rejected', details: { platformCode: '704' } });
  });

  it('authentication: a wrong secret is auth_failed and the secret appears nowhere in the error', async () => {
    const wrong = createPlatformClient({ ...simulator, apiSecret: 'not-the-secret-xyz' });
    try {
      const error = await wrong.checkFloats().catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'auth_failed' });
      expect(
        JSON.stringify({
          message: (error as Error).message,
          details: (error as { details?: unknown }).details,
        }),
      ).not.toContain('not-the-secret-xyz');
    } finally {
      await wrong.close();
    }
  });
});
