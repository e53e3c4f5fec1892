import fc from 'fast-check';
import { runs } from '../helpers/property-runs';
import { describe, expect, it } from 'vitest';
import { parseLossless, parseLosslessWithMembers } from '../../src/main/core/platform/wire';
import { inParsedOrder } from '../../src/main/core/platform/wire-scan';

const PATH = ['data', 'brands'];

/** The members the scan found, in the order JSON.parse gives the container's values. */
function memberValues(text: string): unknown[] | undefined {
  const { members } = parseLosslessWithMembers(text, PATH);
  if (members === undefined) return undefined;
  const texts = members.kind === 'array' ? members.members : inParsedOrder(members.members);
  return texts.map((member) => parseLossless(member));
}

function parsedValues(text: string): unknown[] {
  const container = (parseLossless(text) as { data: { brands: object } }).data.brands;
  return Object.values(container);
}

describe('parseLosslessWithMembers', () => {
  it('gives the exact text of each member of an object, numbers as written', () => {
    const text =
      '{"code":"000","data":{"brands":{"a":{"x":1.50,"s":"} ] \\" {"},"b" : [ 2.0 , {"y":null} ]}}}';
    const { members } = parseLosslessWithMembers(text, PATH);
    expect(members).toEqual({
      kind: 'object',
      members: [
        ['a', '{"x":1.50,"s":"} ] \\" {"}'],
        ['b', '[ 2.0 , {"y":null} ]'],
      ],
    });
  });

  it('gives the members of an array and of an empty container', () => {
    expect(parseLosslessWithMembers('{"data":{"brands":[{"a":1},[]]}}', PATH).members).toEqual({
      kind: 'array',
      members: ['{"a":1}', '[]'],
    });
    expect(parseLosslessWithMembers('{"data":{"brands":[]}}', PATH).members).toEqual({
      kind: 'array',
      members: [],
    });
    expect(parseLosslessWithMembers('{"data":{"brands":{}}}', PATH).members).toEqual({
      kind: 'object',
      members: [],
    });
  });

  it('follows the path as JSON.parse does: the last of a repeated key wins', () => {
    const text = '{"data":{"brands":{"a":{"v":1}},"brands":{"b":{"v":2}}},"other":{"brands":{"c":{}}}}';
    expect(memberValues(text)).toEqual([{ v: '2' }]);
    expect(memberValues('{"data":{"brands":{"k":{"v":1},"k":{"v":2}}}}')).toEqual([{ v: '2' }]);
  });

  it('orders object members as Object.values does (integer-like keys first) and keeps __proto__', () => {
    const text = '{"data":{"brands":{"zeta":{"n":1},"10":{"n":2},"__proto__":{"n":3},"2":{"n":4}}}}';
    expect(memberValues(text)).toEqual(parsedValues(text));
  });

  it('answers no members when the path leads nowhere or a member is not an object or array', () => {
    expect(parseLosslessWithMembers('{"data":{"other":{}}}', PATH).members).toBeUndefined();
    expect(parseLosslessWithMembers('{"data":[{"brands":{}}]}', PATH).members).toBeUndefined();
    expect(parseLosslessWithMembers('{"data":{"brands":{"a":1}}}', PATH).members).toBeUndefined();
    expect(parseLosslessWithMembers('{"data":{"brands":{"a":"x"}}}', PATH).members).toBeUndefined();
    expect(parseLosslessWithMembers('{"data":{"brands":[true]}}', PATH).members).toBeUndefined();
    expect(parseLosslessWithMembers('{"data":{"brands":"none"}}', PATH).members).toBeUndefined();
  });

  it('agrees with JSON.parse on any JSON: same members, same values, same order', () => {
    const member = fc.oneof(
      fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
      fc.array(fc.jsonValue(), { maxLength: 4 }),
    );
    const container = fc.oneof(
      fc.dictionary(fc.string(), member, { maxKeys: 6 }),
      fc.array(member, { maxLength: 6 }),
    );
    fc.assert(
      fc.property(container, fc.jsonValue(), fc.boolean(), (brands, extra, pretty) => {
        const envelope = { code: '000', before: extra, data: { first: extra, brands, last: extra } };
        const text = JSON.stringify(envelope, null, pretty ? 2 : undefined);
        expect(memberValues(text)).toEqual(parsedValues(text));
      }),
      runs(300),
    );
  });
});
