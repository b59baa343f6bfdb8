package auth

import (
	"net"
	"net/http"
	"strings"
)

// ClientIP is the address sign-in and sign-up throttling count against:
// the connection's peer, or, when the peer is a trusted reverse proxy, the
// last address in X-Forwarded-For that is not itself a trusted proxy
// (earlier entries are the client's to write, so they are never believed).
func ClientIP(r *http.Request, trusted []*net.IPNet) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if !isTrusted(trusted, host) {
		return host
	}
	fwd := strings.Join(r.Header.Values("X-Forwarded-For"), ",")
	for fwd != "" {
		var last string
		if i := strings.LastIndexByte(fwd, ','); i >= 0 {
			fwd, last = fwd[:i], fwd[i+1:]
		} else {
			fwd, last = "", fwd
		}
		last = strings.TrimSpace(last)
		if net.ParseIP(last) == nil {
			break
		}
		if host = last; !isTrusted(trusted, last) {
			break
		}
	}
	return host
}

func isTrusted(trusted []*net.IPNet, addr string) bool {
	ip := net.ParseIP(addr)
	for _, n := range trusted {
		if ip != nil && n.Contains(ip) {
			return true
		}
	}
	return false
}

// AddressBlock is the part of a client address (ClientIP's) that one
// client holds, in one spelling: an IPv4 address itself (also when written
// IPv4-mapped), an IPv6 address's /64 network (a host is usually given a
// whole /64, so bounds counted per IPv6 address would let it open as many
// as it likes). Anything that is not an address is returned as it is.
func AddressBlock(addr string) string {
	ip := net.ParseIP(addr)
	if ip == nil {
		return addr
	}
	if v4 := ip.To4(); v4 != nil {
		return v4.String()
	}
	return (&net.IPNet{IP: ip.Mask(net.CIDRMask(64, 128)), Mask: net.CIDRMask(64, 128)}).String()
}
