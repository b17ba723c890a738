/**
 * The flags of the commands that take a Parquet tree (`worker`, `compact`,
 * `status --out`): where it is, and how to reach an S3-compatible server.
 *
 * @module
 */
import { parseTreeLocation, type TreeLocation } from '../many-machines/tree-store.ts'
import type { FlagSpec } from './common.ts'

/** The S3 flags. */
export const s3Flags = {
  's3-endpoint': { type: 'string' },
  's3-addressing': { type: 'string' },
} as const satisfies FlagSpec

/**
 * Help lines of the S3 flags, aligned to a command's help.
 *
 * @param column - Where the descriptions start (the command's other flags' column).
 * @returns The lines.
 */
export function s3Help(column: number): string {
  const line = (flag: string, text: string) => `  ${flag.padEnd(column - 2)}${text}`
  const more = (text: string) => `${' '.repeat(column)}${text}`
  return [
    line('--s3-endpoint <url>', 'S3-compatible server of an s3:// tree (default'),
    more('AWS_ENDPOINT_URL_S3, then AWS_ENDPOINT_URL; AWS S3 when none);'),
    more("credentials and region: the AWS SDK's (AWS_ACCESS_KEY_ID,"),
    more('AWS_SECRET_ACCESS_KEY, AWS_PROFILE, AWS_REGION)'),
    line('--s3-addressing <a>', 'path (<endpoint>/<bucket>/<key>, the default with an'),
    more('endpoint) or virtual (<bucket>.<host>/<key>, the default on AWS)'),
  ].join('\n')
}

/**
 * The tree the flags name.
 *
 * @param values - `--out`, `--s3-endpoint`, `--s3-addressing`.
 * @returns Its location.
 */
export function treeLocation(values: {
  out?: string | undefined
  's3-endpoint'?: string | undefined
  's3-addressing'?: string | undefined
}): TreeLocation {
  return parseTreeLocation(values.out, {
    endpoint: values['s3-endpoint'],
    addressing: values['s3-addressing'],
  })
}
