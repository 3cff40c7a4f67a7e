export {
  isEntryPoint,
  runMain,
  UsageError,
  type CliArgs,
  type CliContext,
  type CliOptions,
  type CliSpec,
  type Stoppable,
} from './cli-runner.js';
export { startSmtpSink, type ReceivedMail, type SinkMode, type SmtpSink, type SmtpSinkOptions } from './smtp-sink.js';
export { median, percentile } from './stats.js';
export {
  DECLINING_PAYMENT_METHOD,
  startStripeStandIn,
  type DeliveryAttempt,
  type EventRecord,
  type RecordedStripeRequest,
  type StandInEvent,
  type StandInPaymentIntent,
  type StandInRefund,
  type StandInSetupIntent,
  type StripeStandIn,
  type StripeStandInOptions,
} from './stripe-stand-in.js';
export {
  assembleDocumentRoot,
  brotliStaticModuleEnabled,
  localCertificate,
  localNginxConfig,
  localNginxModules,
  type LocalCertificate,
  type LocalNginxOptions,
} from './nginx-config.js';
export {
  networkQuiet,
  SCRIPT_BUDGETS_KIB,
  SCRIPT_GOALS_KIB,
  TEXT_RESOURCE_TYPES,
  UNCOMPRESSED_ALLOWANCE_BYTES,
  uncompressedTextFiles,
  WireLog,
  wireBodyBytes,
  type LoadingFinishedEvent,
  type ResponseReceivedEvent,
  type WireFile,
} from './wire-weight.js';
export { startDnsStandIn, type DnsStandIn } from './dns-stand-in.js';
export { chromiumArgs } from './chromium.js';
