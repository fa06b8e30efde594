package sys
