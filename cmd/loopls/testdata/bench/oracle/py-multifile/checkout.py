def receipt(cart, percent=0):
    line = "Total: %.2f" % cart.total(percent)
    if percent:
        line += " (-%d%%)" % percent
    return line
