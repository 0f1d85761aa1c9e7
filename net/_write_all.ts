/** Writes all of `data` to `conn`: one `write` may take only part of it. */
export async function writeAll(conn: Deno.Conn, data: string | Uint8Array): Promise<void> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  let offset = 0;
  while (offset < bytes.length) offset += await conn.write(bytes.subarray(offset));
}
