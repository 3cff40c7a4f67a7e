declare module 'parse-prometheus-text-format' {
  /** Parses Prometheus's text exposition format into metric families. */
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
