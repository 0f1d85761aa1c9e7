"""Writes irc/_stringprep_tables.ts from Python's stringprep module (Unicode 3.2, RFC 3454).

Run: python3 scripts/stringprep_tables.py > irc/_stringprep_tables.ts && deno fmt irc/_stringprep_tables.ts
"""
import stringprep


def ranges(pred):
    """Sorted inclusive code point ranges where pred holds; surrogates only in PROHIBITED."""
    out = []
    start = None
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF and pred is not prohibited:
            ok = False
        else:
            ok = pred(chr(cp))
        if ok and start is None: start=cp
        if not ok and start is not None: out.append((start,cp-1)); start=None
    if start is not None: out.append((start,0x10FFFF))
    return out
def prohibited(c):
    return (stringprep.in_table_c12(c) or stringprep.in_table_c21_c22(c) or stringprep.in_table_c3(c)
        or stringprep.in_table_c4(c) or stringprep.in_table_c5(c) or stringprep.in_table_c6(c)
        or stringprep.in_table_c7(c) or stringprep.in_table_c8(c) or stringprep.in_table_c9(c))
tables = {
 "MAPPED_TO_NOTHING": ("RFC 3454 table B.1: commonly mapped to nothing.", stringprep.in_table_b1),
 "NON_ASCII_SPACE": ("RFC 3454 table C.1.2: non-ASCII space characters, mapped to SPACE.", stringprep.in_table_c12),
 "PROHIBITED": ("RFC 3454 tables C.1.2, C.2.1, C.2.2, C.3, C.4, C.5, C.6, C.7, C.8 and C.9 (RFC 4013 section 2.3).", prohibited),
 "UNASSIGNED": ("RFC 3454 table A.1: unassigned code points in Unicode 3.2.", stringprep.in_table_a1),
 "RAND_AL_CAT": ("RFC 3454 table D.1: characters with bidirectional property R or AL.", stringprep.in_table_d1),
 "L_CAT": ("RFC 3454 table D.2: characters with bidirectional property L.", stringprep.in_table_d2),
}
print("""/**
 * The stringprep (RFC 3454) tables SASLprep (RFC 4013) uses, as sorted inclusive code point
 * ranges `[start0, end0, start1, end1, ...]`. Generated from Python's `stringprep` module,
 * which reads the Unicode 3.2 database RFC 3454 is built on (`scripts/stringprep_tables.py`);
 * each table is written as space-separated hex code points or `start-end` ranges.
 *
 * @module
 */

function ranges(text: string): number[] {
  const out: number[] = [];
  for (const item of text.split(" ")) {
    const [start, end = start] = item.split("-");
    out.push(parseInt(start, 16), parseInt(end, 16));
  }
  return out;
}
""")
for name,(doc,pred) in tables.items():
    r = ranges(pred)
    flat = " ".join(f"{a:x}" if a==b else f"{a:x}-{b:x}" for a,b in r)
    print(f"/** {doc} */")
    print(f'export const {name}: readonly number[] = ranges(\n  "{flat}",\n);\n')
