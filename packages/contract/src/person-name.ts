// The length rule of a person's first and last name, for every form that takes one (joining,
// signing up, the profile). No zod here, so that the identity routes may use it in zod/mini.

export const PERSON_NAME_MAX_LENGTH = 100;
