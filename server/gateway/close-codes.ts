// WebSocket close codes the gateway uses (docs/protocol.md explains each choice).
import { UNAVAILABLE_CODE } from '../contracts';

export const CloseCode = {
  /** Client sent CLOSE, or every client must reload (new release). */
  NORMAL: 1000,
  /** Server shutting down; clients retry (any code but 1000 retries). */
  GOING_AWAY: 1001,
  /** Malformed frame (PROTOCOL.md section 2). */
  PROTOCOL_ERROR: 1002,
  /** Body over 65,536,000 bytes once decoded, or a message over maxPayload. */
  TOO_BIG: 1009,
  /** Server-wide inbound byte budget (MAX_INFLIGHT_BYTES) exhausted; retry later. */
  TRY_AGAIN_LATER: 1013,
  /** Nothing received for the idle timeout (60 s). */
  IDLE: 4000,
  /** Send queue passed the slow-consumer limit. */
  SLOW_CONSUMER: 4001,
} as const;

/** Reply codes the gateway itself produces in REPLY bodies. */
export const ReplyCode = {
  OK: '0000',
  LOGIN_FAILED: '1001',
  BAD_REQUEST: '1002',
  SESSION_INVALID: '1009',
  FORBIDDEN: '4003',
  NOT_FOUND: '4004',
  /** Briefly unavailable (database unreachable, server stopping): retry shortly. */
  UNAVAILABLE: UNAVAILABLE_CODE,
  SERVER_ERROR: '9999',
} as const;
