// The one-time codes' front door: send and verify (REST, GraphQL) and the expiry worker's job.
export { expireOtp, otpSentJson, sendOtp, sendOtpInput, verifyOtp, verifyOtpInput } from './otp.ts';
