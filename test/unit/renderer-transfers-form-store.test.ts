import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isValidCreditorReference } from '@shared/domain/creditor-reference';
import { AppError } from '@shared/ipc/errors';
import type { TransfersClient } from '../../src/renderer/src/stores/transfers-client';
import { createTransferFormStore, problemsOf } from '../../src/renderer/src/stores/transfers-form-store';
import { setFormatPreferences } from '../../src/renderer/src/lib/format-preferences';

const invoke = vi.fn<(channel: string, input: unknown) => Promise<unknown>>();
const client = { invoke, onEvent: () => () => undefined } as unknown as TransfersClient;

const floats = [
  {
    currency: 'GBP',
    name: 'Main',
    available: { amount: '1200.00', currency: 'GBP' },
    pending: null,
    platformRefreshedAt: null,
    recordedAt: null,
    overPrecise: false,
  },
  {
    currency: 'JPY',
    name: 'Tokyo',
    available: null,
    pending: null,
    platformRefreshedAt: null,
    recordedAt: null,
    overPrecise: false,
  },
];
const settings = {
  syncIntervalMinutes: 15,
  locale: 'system',
  dateStyle: 'iso',
  theme: 'system',
  company: { company_name: 'Acme Ltd', city: 'London', country: 'GB' },
  financeEmail: 'finance@acme.example',
};

function core(overrides: Record<string, (input: unknown) => unknown> = {}): void {
  const answers: Record<string, (input: unknown) => unknown> = {
    'floats:list': () => ({ floats }),
    'settings:get': () => settings,
    'transfers:drafts.list': () => ({ drafts: [] }),
    ...overrides,
  };
  invoke.mockImplementation(async (channel, input) => {
    const answer = answers[channel];
    if (!answer) throw new Error(`unexpected ${channel}`);
    return answer(input);
  });
}

let digit = 0;
let form: ReturnType<typeof createTransferFormStore>;
const state = () => form.useForm.getState();
const sent = () => invoke.mock.calls.filter(([channel]) => channel === 'transfers:submit');

beforeEach(() => {
  invoke.mockReset();
  core();
  digit = 0;
  form = createTransferFormStore(client, () => digit++ % 10);
});

async function filledForm(amount = '2500.00'): Promise<void> {
  await state().start();
  state().chooseFloat({ name: 'Main', currency: 'GBP', available: null });
  state().setField('amount', amount);
}

describe('New transfer request form store', () => {
  it('starts with a valid generated creditor reference and the company details prefilled', async () => {
    await state().start();
    expect(isValidCreditorReference(state().fields.paymentReference)).toBe(true);
    expect(state().fields.proformaInvoice).toMatchObject({
      company_name: 'Acme Ltd',
      city: 'London',
      address_line_1: '',
    });
    expect(state().fields.financeEmail).toBe('finance@acme.example');
    expect(state().choices).toMatchObject({
      status: 'ready',
      value: [{ name: 'Main', currency: 'GBP' }, { name: 'Tokyo' }],
    });
    const first = state().fields.paymentReference;
    state().newReference();
    expect(state().fields.paymentReference).not.toBe(first);
  });

  it('leaves the company fields empty and says why when the settings cannot be read', async () => {
    core({ 'settings:get': () => Promise.reject(new AppError('internal', 'Settings are not available.')) });
    await state().start();
    expect(state().fields.proformaInvoice.company_name).toBe('');
    expect(state().prefillProblem).toBe('Settings are not available.');
  });

  it('an invalid amount shows the field problem and sends nothing', async () => {
    await filledForm('12.345');
    expect(state().review()).toBe(false);
    expect(state().step).toBe('edit');
    expect(problemsOf(state())).toEqual([{ field: 'amount', problem: 'may have at most two decimals' }]);
    expect(state().shown.has('amount')).toBe(true);
    await state().submit();
    expect(sent()).toHaveLength(0);
  });

  it('checks amounts exactly with the shared rules, currency decimals included', async () => {
    await state().start();
    state().chooseFloat({ name: 'Tokyo', currency: 'JPY', available: null });
    state().setField('amount', '100.50');
    expect(problemsOf(state())[0]).toMatchObject({
      field: 'amount',
      problem: expect.stringMatching(/whole number/),
    });
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 9_999_999_999n }), (hundredths) => {
        const text = `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
        state().chooseFloat({ name: 'Main', currency: 'GBP', available: null });
        state().setField('amount', text);
        expect(problemsOf(state())).toEqual([]);
      }),
    );
  });

  it('reads the amount in the chosen number format and sends it canonical', async () => {
    const registered = () => ({
      outcome: 'registered',
      paymentReference: 'RF18X',
      transferId: 7,
      message: '',
    });
    try {
      for (const [locale, typed] of [
        ['en-GB', '25,000.00'],
        ['de-DE', '25.000,00'],
        ['fr-FR', '25\u202F000,00'],
        ['en-GB', '25000'],
      ] as const) {
        setFormatPreferences({ locale, dateStyle: 'iso' });
        invoke.mockReset();
        core({ 'transfers:submit': registered });
        form = createTransferFormStore(client, () => digit++ % 10);
        await filledForm(typed);
        expect(problemsOf(state())).toEqual([]);
        expect(state().review()).toBe(true);
        await state().submit();
        expect(sent()[0]?.[1]).toMatchObject({ amount: '25000.00' });
      }
      setFormatPreferences({ locale: 'de-DE', dateStyle: 'iso' });
      state().setField('amount', '1,234');
      expect(problemsOf(state())).toEqual([
        { field: 'amount', problem: expect.stringMatching(/^"1,234" is ambiguous.*1\.234 or 1234/) },
      ]);
    } finally {
      setFormatPreferences({ locale: 'system', dateStyle: 'locale' });
    }
  });

  it('a possible duplicate: stays on the confirmation with the earlier request, then sends anyway when asked', async () => {
    const earlier = {
      paymentReference: 'RF18539007547034',
      at: '2026-11-26T09:30:00Z',
      amount: '2500.00',
      currency: 'GBP',
      float: 'Main',
      source: 'submitted',
    };
    core({
      'transfers:submit': (input) => {
        if ((input as { confirmedPossibleDuplicate?: boolean }).confirmedPossibleDuplicate !== true)
          throw new AppError('invalid_input', 'A top-up of 2500.00 GBP … Send anyway', {
            possibleDuplicate: earlier,
          });
        return { outcome: 'registered', paymentReference: 'RF2', transferId: 8, message: 'Registered.' };
      },
    });
    await filledForm('2500');
    expect(state().review()).toBe(true);
    const refused = await state().submit();
    expect(refused).toMatchObject({ kind: 'duplicate', earlier: { paymentReference: 'RF18539007547034' } });
    expect(state().step).toBe('confirm');
    expect(sent()[0]?.[1]).not.toHaveProperty('confirmedPossibleDuplicate');
    const outcome = await state().submit({ confirmedPossibleDuplicate: true });
    expect(sent()[1]?.[1]).toMatchObject({ amount: '2500.00', confirmedPossibleDuplicate: true });
    expect(outcome).toMatchObject({ kind: 'registered', amount: { amount: '2500.00', currency: 'GBP' } });
  });

  it('confirms, then sends exactly what was shown', async () => {
    await filledForm(' 2500.00 ');
    state().setProforma('address_line_1', '  1 High Street ');
    expect(state().review()).toBe(true);
    expect(state().step).toBe('confirm');
    const reference = state().fields.paymentReference;
    core({
      'transfers:submit': () => ({
        outcome: 'registered',
        paymentReference: 'RF18X',
        transferId: 7,
        message: 'Registered.',
      }),
    });
    const outcome = await state().submit();
    expect(sent()[0]?.[1]).toEqual({
      float: 'Main',
      currency: 'GBP',
      amount: '2500.00',
      paymentReference: reference,
      financeEmail: 'finance@acme.example',
      proformaInvoice: {
        company_name: 'Acme Ltd',
        address_line_1: '1 High Street',
        city: 'London',
        country: 'GB',
      },
    });
    expect(outcome).toMatchObject({ kind: 'registered', transferId: 7 });
    expect(state().step).toBe('done');
  });

  it('offline: says the form was kept as a draft and lists it', async () => {
    await filledForm();
    state().review();
    const draft = {
      id: 3,
      savedAt: '2026-11-22T10:00:00Z',
      reason: 'You are offline',
      form: { float: 'Main', currency: 'GBP', amount: '2500.00' },
    };
    core({
      'transfers:submit': () =>
        Promise.reject(new AppError('offline', 'The platform cannot be reached.', { draftId: 3 })),
      'transfers:drafts.list': () => ({ drafts: [draft] }),
    });
    const outcome = await state().submit();
    expect(outcome).toEqual({ kind: 'offline', draftId: 3, message: 'The platform cannot be reached.' });
    expect(state()).toMatchObject({ step: 'edit', draftId: 3 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state().drafts).toEqual({ status: 'ready', value: [draft] });
  });

  it('shows the core’s field problems on the fields', async () => {
    await filledForm();
    state().review();
    core({
      'transfers:submit': () =>
        Promise.reject(
          new AppError('invalid_input', 'The platform refused the request.', {
            issues: [{ field: 'paymentReference', problem: 'has already been taken' }],
          }),
        ),
    });
    const outcome = await state().submit();
    expect(outcome).toMatchObject({ kind: 'failed', error: { code: 'invalid_input' } });
    expect(problemsOf(state())).toEqual([{ field: 'paymentReference', problem: 'has already been taken' }]);
    state().newReference();
    expect(problemsOf(state())).toEqual([]);
  });

  it('resumes a draft (sent with its id) and deletes drafts', async () => {
    await state().start();
    const draft = {
      id: 9,
      savedAt: '2026-11-22T10:00:00Z',
      reason: null,
      form: { float: 'Main', currency: 'GBP', amount: '5.00', paymentReference: 'RF18539007547034' },
    };
    state().resumeDraft(draft);
    expect(state().fields).toMatchObject({
      float: 'Main',
      amount: '5.00',
      paymentReference: 'RF18539007547034',
    });
    state().review();
    core({
      'transfers:submit': () => ({
        outcome: 'unknown',
        paymentReference: 'RF18539007547034',
        transferId: null,
        message: 'Check later.',
      }),
    });
    await state().submit();
    expect(sent()[0]?.[1]).toMatchObject({ draftId: 9, paymentReference: 'RF18539007547034' });
    expect(state().outcome).toMatchObject({ kind: 'unknown' });
    core({ 'transfers:drafts.delete': () => ({ deleted: true }) });
    await state().deleteDraft(9);
    expect(invoke).toHaveBeenCalledWith('transfers:drafts.delete', { id: 9 });
  });
});
