/**
 * Compares two byte arrays in time that depends only on their lengths, never on where they
 * differ, so a verifier does not tell an attacker how many leading bytes of a forged
 * signature were right. Lengths are public (an HMAC-SHA256 is always 32 bytes).
 */
export function compareBytesConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!
  return difference === 0
}
