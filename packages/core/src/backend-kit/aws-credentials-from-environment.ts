import { ConfigurationError } from "../errors/configuration-error.js";
import type { AwsCredentials } from "./aws-signature-v4.js";

/**
 * Credentials and region from the standard AWS variables, as the AWS CLI and SDKs read them:
 * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN (temporary credentials), and
 * AWS_REGION (else AWS_DEFAULT_REGION). Undefined when no key is set; half a pair is an error
 * naming the missing variable, never a value.
 */
export function awsCredentialsFromEnvironment(
  environment: Readonly<Record<string, string | undefined>>,
): { credentials: AwsCredentials; region: string | undefined } | undefined {
  const accessKeyId = environment.AWS_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = environment.AWS_SECRET_ACCESS_KEY?.trim() || undefined;
  const sessionToken = environment.AWS_SESSION_TOKEN?.trim() || undefined;
  const region =
    environment.AWS_REGION?.trim() || environment.AWS_DEFAULT_REGION?.trim() || undefined;
  if (accessKeyId === undefined && secretAccessKey === undefined) return undefined;
  if (accessKeyId === undefined || secretAccessKey === undefined) {
    const missing = accessKeyId === undefined ? "AWS_ACCESS_KEY_ID" : "AWS_SECRET_ACCESS_KEY";
    throw new ConfigurationError({
      option: missing,
      message: `AWS credentials: ${missing} is not set, though its pair is: set both (or neither).`,
    });
  }
  return {
    credentials:
      sessionToken === undefined
        ? { accessKeyId, secretAccessKey }
        : { accessKeyId, secretAccessKey, sessionToken },
    region,
  };
}
