// Trial applications are kept as submitted (the account keeps its own profile fields).
export const trialApplicationsSchema = `
CREATE TABLE trial_applications (
  id            BIGSERIAL PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users(id),
  institution   TEXT NOT NULL,
  email         TEXT NOT NULL,
  phone         TEXT NOT NULL,
  card_file_id  BIGINT NOT NULL REFERENCES user_files(id),
  created_at    BIGINT NOT NULL
);
CREATE UNIQUE INDEX trial_applications_user ON trial_applications (user_id);
`;
