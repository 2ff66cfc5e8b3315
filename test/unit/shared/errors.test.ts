import { describe, expect, it } from 'vitest';
import {
  ApiCallError,
  badEventQueueExtra,
  classifyErrorResponse,
  ErrorCode,
  errorDetails,
  invitationFailedExtra,
  moveTimeLimitExtra,
  rateLimitExtra,
} from '../../../shared/errors';

const body = (fields: Record<string, unknown>) => JSON.stringify({ result: 'error', ...fields });

describe('extra fields of the error rows of spec part 7', () => {
  it('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED carries what may still move', () => {
    const failure = classifyErrorResponse(
      400,
      body({
        msg: "You don't have permission to move some of the messages that you've selected.",
        code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
        first_message_id_allowed_to_move: 123,
        total_messages_in_topic: 10,
        total_messages_allowed_to_move: 6,
      }),
    );
    expect(errorDetails(failure, ErrorCode.moveMessagesTimeLimitExceeded, moveTimeLimitExtra)).toEqual({
      first_message_id_allowed_to_move: 123,
      total_messages_in_topic: 10,
      total_messages_allowed_to_move: 6,
    });
  });

  it('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED with a null first movable message', () => {
    const failure = classifyErrorResponse(
      400,
      body({
        msg: 'x',
        code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
        first_message_id_allowed_to_move: null,
        total_messages_in_topic: 3,
        total_messages_allowed_to_move: 0,
      }),
    );
    expect(
      errorDetails(failure, ErrorCode.moveMessagesTimeLimitExceeded, moveTimeLimitExtra)
        ?.first_message_id_allowed_to_move,
    ).toBeNull();
  });

  it('INVITATION_FAILED carries the per-address errors and the limits', () => {
    const failure = classifyErrorResponse(
      400,
      body({
        msg: "Some of those addresses are already using the service, so we didn't send them an invitation. We did send invitations to everyone else!",
        code: 'INVITATION_FAILED',
        errors: [['ada@example.com', 'Already has an account.', false]],
        sent_invitations: true,
        daily_limit_reached: false,
        license_limit_reached: false,
      }),
    );
    const details = errorDetails(failure, ErrorCode.invitationFailed, invitationFailedExtra);
    expect(details?.errors).toEqual([['ada@example.com', 'Already has an account.', false]]);
    expect(details?.sent_invitations).toBe(true);
    expect(details?.daily_limit_reached).toBe(false);
  });

  it("BAD_EVENT_QUEUE_ID carries the queue's ID", () => {
    const failure = classifyErrorResponse(
      400,
      body({
        msg: 'Bad event queue ID: 1375801870:2942',
        code: 'BAD_EVENT_QUEUE_ID',
        queue_id: '1375801870:2942',
      }),
    );
    expect(errorDetails(failure, ErrorCode.badEventQueueId, badEventQueueExtra)).toEqual({
      queue_id: '1375801870:2942',
    });
  });

  it('RATE_LIMIT_HIT: retry-after from the body, and the header wins when both are present', () => {
    const fromBody = classifyErrorResponse(
      429,
      body({
        msg: 'API usage exceeded rate limit',
        code: 'RATE_LIMIT_HIT',
        'retry-after': 28.706807374954224,
      }),
    );
    expect(errorDetails(fromBody, ErrorCode.rateLimitHit, rateLimitExtra)).toEqual({
      'retry-after': 28.706807374954224,
    });
    expect(fromBody.kind === 'api' && fromBody.retryAfterSeconds).toBeCloseTo(28.7, 1);

    const withHeader = classifyErrorResponse(
      429,
      body({ msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 28 }),
      '5',
    );
    expect(withHeader.kind === 'api' && withHeader.retryAfterSeconds).toBe(5);
    // Said to the user in words that tell what to do, not the service's own.
    expect(new ApiCallError(withHeader).message).toBe(
      "The server is limiting this account's requests: try again in 5 s.",
    );
  });

  it('is null for another code or for a body missing the extra fields', () => {
    const other = classifyErrorResponse(400, body({ msg: 'Invalid channel ID', code: 'BAD_REQUEST' }));
    expect(errorDetails(other, ErrorCode.moveMessagesTimeLimitExceeded, moveTimeLimitExtra)).toBeNull();
    const partial = classifyErrorResponse(
      400,
      body({ msg: 'x', code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', total_messages_in_topic: 3 }),
    );
    expect(errorDetails(partial, ErrorCode.moveMessagesTimeLimitExceeded, moveTimeLimitExtra)).toBeNull();
    expect(
      errorDetails({ kind: 'network', reason: 'timeout', message: 't' }, 'BAD_REQUEST', badEventQueueExtra),
    ).toBeNull();
  });

  it.each([
    ['STREAM_WILDCARD_MENTION_NOT_ALLOWED', ErrorCode.streamWildcardMentionNotAllowed],
    ['TOPIC_WILDCARD_MENTION_NOT_ALLOWED', ErrorCode.topicWildcardMentionNotAllowed],
    ['REACTION_ALREADY_EXISTS', ErrorCode.reactionAlreadyExists],
  ])('%s keeps its code and message', (code, constant) => {
    const failure = classifyErrorResponse(400, body({ msg: 'not allowed', code }));
    expect(failure).toMatchObject({
      kind: 'api',
      status: 400,
      code: constant,
      msg: 'not allowed',
      extra: {},
    });
  });
});
