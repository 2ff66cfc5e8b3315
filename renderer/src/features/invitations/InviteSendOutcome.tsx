import { ApiCallError, ErrorCode, errorDetails, invitationFailedExtra } from '../../../../shared/errors';
import { errorText } from '../../api/call';
import { invitationFailureSummary } from './invite-form';

/** The invitations a failed send left out (the server may have sent some), or why none went. */
export function InviteSendFailure({ error }: { error: Error }) {
  const failure =
    error instanceof ApiCallError
      ? errorDetails(error.failure, ErrorCode.invitationFailed, invitationFailedExtra)
      : null;
  const summary = failure ? invitationFailureSummary(failure) : null;
  if (!summary)
    return (
      <p className="form-error" role="alert" data-testid="invite-error">
        Not sent: {errorText(error)}
      </p>
    );
  return (
    <div className="form-error invite-failure" role="alert" data-testid="invite-failure">
      <p>Some invitations could not be sent:</p>
      <ul>
        {summary.failed.map((f) => (
          <li key={f.email}>
            <strong>{f.email}</strong>: {f.reason}
          </li>
        ))}
      </ul>
      <p data-testid="invite-outcome">{summary.outcome}</p>
    </div>
  );
}
