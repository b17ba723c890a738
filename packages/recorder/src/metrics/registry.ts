/**
 * Metrics in the Prometheus text format (version 0.0.4): counters kept in
 * the process, and gauges read when scraped (job counts, lag). The format is
 * a few lines of text per family; a client library (prom-client) would add a
 * runtime dependency and default process metrics the recorder does not need.
 *
 * @module
 */

/** Label names to values. */
type Labels = Readonly<Record<string, string>>

/** One value of a family. */
export interface Sample {
  labels: Labels
  value: number
}

/** A counter family: only goes up. */
export interface Counter {
  /**
   * Adds to the counter of `labels`.
   *
   * @param labels - The series' labels.
   * @param by - How much (default 1).
   */
  inc(labels: Labels, by?: number): void
  /** Its current samples. */
  samples(): Sample[]
}

interface Family {
  name: string
  help: string
  type: 'counter' | 'gauge'
  read: () => Sample[] | Promise<Sample[]>
}

/** A set of metric families, rendered together. */
export interface MetricsRegistry {
  /**
   * A counter family.
   *
   * @param name - Its name (`perpkit_recorder_..._total`).
   * @param help - One line.
   * @returns The counter.
   */
  counter(name: string, help: string): Counter
  /**
   * A gauge family read at each scrape.
   *
   * @param name - Its name.
   * @param help - One line.
   * @param read - Its samples now (a failure leaves the family out of that scrape).
   */
  gauge(name: string, help: string, read: () => Sample[] | Promise<Sample[]>): void
  /** Every family, in the text format. */
  render(): Promise<string>
}

function escapeLabel(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')
}

function escapeHelp(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('\n', '\\n')
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN'
  if (value === Number.POSITIVE_INFINITY) return '+Inf'
  if (value === Number.NEGATIVE_INFINITY) return '-Inf'
  return String(value)
}

/**
 * One sample line.
 *
 * @param name - The family's name.
 * @param sample - The sample.
 * @returns `name{a="x"} 1`.
 */
function line(name: string, sample: Sample): string {
  const labels = Object.entries(sample.labels)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',')
  return `${name}${labels === '' ? '' : `{${labels}}`} ${formatValue(sample.value)}`
}

/**
 * A new, empty registry.
 *
 * @returns The registry.
 * @example
 * ```ts
 * const metrics = createRegistry()
 * const requests = metrics.counter('perpkit_recorder_requests_total', 'Requests sent')
 * requests.inc({ endpoint: '/contract/public/kline', status: '200' })
 * metrics.gauge('perpkit_recorder_up', 'Always 1', () => [{ labels: {}, value: 1 }])
 * console.log(await metrics.render())
 * ```
 */
export function createRegistry(): MetricsRegistry {
  const families: Family[] = []
  return {
    counter(name, help) {
      const values = new Map<string, Sample>()
      const counter: Counter = {
        inc(labels, by = 1) {
          const key = JSON.stringify(Object.entries(labels).sort())
          const sample = values.get(key)
          if (sample === undefined) values.set(key, { labels: { ...labels }, value: by })
          else sample.value += by
        },
        samples: () => [...values.values()],
      }
      families.push({ name, help, type: 'counter', read: counter.samples })
      return counter
    },
    gauge(name, help, read) {
      families.push({ name, help, type: 'gauge', read })
    },
    async render() {
      const blocks = await Promise.all(
        families.map(async (family) => {
          let samples: Sample[]
          try {
            samples = await family.read()
          } catch {
            return ''
          }
          return [
            `# HELP ${family.name} ${escapeHelp(family.help)}`,
            `# TYPE ${family.name} ${family.type}`,
            ...samples.map((s) => line(family.name, s)),
            '',
          ].join('\n')
        }),
      )
      return blocks.join('')
    },
  }
}
