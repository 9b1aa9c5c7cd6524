// The one place the shell touches H3's session/socket modules. Storage key names follow
// SPEC section 3 exactly.
export const K = {
  sid: 'sid',
  loginTime: 'loginTime',
  username: 'username',
  takerId: 'takerId',
  tabs: 'tabs',
  lastPath: 'lastPath',
  opNum: 'opNum',
  sourceType: 'sourceType',
  Lang: 'Lang',
  ShareQueryID: 'ShareQueryID',
  ShareFfscID: 'ShareFfscID',
  ShareStructureID: 'ShareStructureID',
  exchangeSpreadShareName: 'exchangeSpreadShareName',
  Role: 'Role',
  userInfo: 'userInfo',
} as const;
